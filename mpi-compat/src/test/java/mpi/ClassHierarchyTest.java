package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The public classes have Open MPI's hierarchy and nothing hidden in it: a package-private
 * superclass of a public class is no part of the API, yet it shows in stack traces, in
 * {@code javap} and in the class a debugger steps into.
 */
class ClassHierarchyTest
{
    @Test
    void shouldHaveOpenMpisSuperclassesAndInterfaces()
    {
        assertEquals(Object.class, Comm.class.getSuperclass());
        assertEquals(List.of(Freeable.class, Cloneable.class), List.of(Comm.class.getInterfaces()));
        assertEquals(Comm.class, Intracomm.class.getSuperclass());
        assertEquals(Comm.class, Intercomm.class.getSuperclass());
        assertEquals(Intracomm.class, CartComm.class.getSuperclass());
        assertEquals(Intracomm.class, GraphComm.class.getSuperclass());
        assertEquals(Request.class, Prequest.class.getSuperclass());
        assertEquals(Object.class, MPI.class.getSuperclass());
        assertEquals(Object.class, Struct.class.getSuperclass());
        assertEquals(Object.class, Struct.Data.class.getSuperclass());
        assertEquals(Struct.Data.class, DoubleInt.Data.class.getSuperclass());
    }

    @Test
    void shouldHaveNoPackagePrivateAncestorOfAnyPublicClass() throws Exception
    {
        final List<Class<?>> classes = publicClasses();
        assertTrue(classes.contains(Comm.class) && classes.contains(Struct.Data.class) && classes.size() > 30,
            "the scan finds the package's public classes, nested ones too: " + classes);
        final List<String> hidden = new ArrayList<>();
        for (final Class<?> c : classes)
        {
            for (Class<?> s = c.getSuperclass(); s != null; s = s.getSuperclass())
            {
                if (!Modifier.isPublic(s.getModifiers()))
                {
                    hidden.add(c.getName() + " extends " + s.getName());
                }
            }
        }
        assertEquals(List.of(), hidden);
    }

    /** Every public class of package {@code mpi}, nested public classes of public classes included. */
    private static List<Class<?>> publicClasses() throws IOException, URISyntaxException, ClassNotFoundException
    {
        final Path root = Path.of(Comm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final List<String> names = new ArrayList<>();
        if (Files.isDirectory(root))
        {
            try (Stream<Path> files = Files.list(root.resolve("mpi")))
            {
                files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".class"))
                    .forEach(f -> names.add("mpi." + f.substring(0, f.length() - ".class".length())));
            }
        }
        else
        {
            try (JarFile jar = new JarFile(root.toFile()))
            {
                for (final JarEntry e : Collections.list(jar.entries()))
                {
                    final String n = e.getName();
                    if (n.startsWith("mpi/") && n.indexOf('/', 4) < 0 && n.endsWith(".class"))
                    {
                        names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
                    }
                }
            }
        }
        final List<Class<?>> classes = new ArrayList<>();
        for (final String n : names)
        {
            final Class<?> c = Class.forName(n, false, Comm.class.getClassLoader());
            if (visible(c))
            {
                classes.add(c);
            }
        }
        return classes;
    }

    private static boolean visible(final Class<?> c)
    {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass())
        {
            if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass())
            {
                return false;
            }
        }
        return true;
    }
}
