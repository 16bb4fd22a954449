package io.rankwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;


/**
 * The runtime's packages read one way (docs/ARCHITECTURE.md): the API on top, then the
 * collectives, the engine, the protocols, matching and the transport SPI, with leaf packages
 * (progress machinery, buffers, the rank side of the bootstrap) that import nothing above them.
 * Checked on the compiled classes, so fully qualified names and inner classes count too.
 */
class LayeringTest
{
    /** Layers, top first; a package may depend on its own layer and those after it. */
    private static final List<String> LAYERS = List.of("api", "coll", "core", "proto", "match", "spi");

    /** What each leaf package may use besides itself. */
    private static final Map<String, Set<String>> LEAVES = Map.of(
        "progress", Set.of("spi"),
        "buffer", Set.of("spi"),
        "bootstrap", Set.of("spi", "settings"),
        "multi", Set.of("spi", "settings"),
        "observe", Set.of(),
        "settings", Set.of());

    /**
     * The upward dependencies allowed: none. The engine reports through its own types (an
     * operation's outcome is the API's status only through the request subclasses the API makes,
     * counters are a core snapshot the API presents, failures are made by the API's factory) and
     * the bootstrap fails with the SPI's {@code BootstrapException}.
     */
    private static final Map<String, Set<String>> UPWARD = Map.of();

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses()
    {
        classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("io.rankwire");
    }

    @Test
    void shouldImportOnlyDownwardExceptForTheAllowedLeafValueTypes()
    {
        final Set<String> wrong = new TreeSet<>();
        for (final Dependency d : dependencies())
        {
            final String from = layerOf(d.getOriginClass());
            final String to = layerOf(d.getTargetClass());
            if (!allowed(from, to, d.getTargetClass()))
            {
                wrong.add(from + " -> " + to + ": " + d.getOriginClass().getName() + " uses " + d.getTargetClass().getName());
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " dependencies run the wrong way:\n" + String.join("\n", wrong));
    }

    @Test
    void shouldHaveAtMostTwoUpwardPackageEdges()
    {
        final Set<String> upward = new TreeSet<>();
        for (final Dependency d : dependencies())
        {
            final String from = layerOf(d.getOriginClass());
            final String to = layerOf(d.getTargetClass());
            final boolean layered = LAYERS.contains(from) && LAYERS.contains(to) && LAYERS.indexOf(to) < LAYERS.indexOf(from);
            final boolean fromLeaf = LEAVES.containsKey(from) && !LEAVES.get(from).contains(to) && !LEAVES.containsKey(to);
            if (layered || fromLeaf)
            {
                upward.add(from + " -> " + to);
            }
        }
        assertTrue(upward.size() <= 2, "upward package edges: " + upward);
    }

    @Test
    void shouldHaveNoCycleThroughClassesOfDifferentPackages()
    {
        final Map<String, Set<String>> graph = new HashMap<>();
        for (final Dependency d : dependencies())
        {
            graph.computeIfAbsent(topLevel(d.getOriginClass()), k -> new TreeSet<>()).add(topLevel(d.getTargetClass()));
        }
        final List<Set<String>> cycles = new ArrayList<>();
        for (final Set<String> component : StronglyConnected.components(graph))
        {
            final Set<String> packages = component.stream().map(LayeringTest::packageOf).collect(Collectors.toSet());
            if (packages.size() > 1)
            {
                cycles.add(component);
            }
        }
        assertTrue(cycles.isEmpty(), "classes of different packages that depend on each other in a cycle: " + cycles);
    }

    /**
     * The API's types may name each other (a communicator makes communicators and requests), but
     * a package-private helper of the API never depends back on a class that uses it: each helper
     * sits below its users, so no loop of the API package runs through one.
     */
    @Test
    void shouldHaveNoLoopThroughAHelperOfTheApi()
    {
        final Map<String, Set<String>> graph = new HashMap<>();
        final Set<String> helpers = new TreeSet<>();
        for (final JavaClass c : classes)
        {
            if (!packageOf(c).equals("io.rankwire"))
            {
                continue;
            }
            final String from = topLevel(c);
            if (c.getName().equals(from) && !c.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC))
            {
                helpers.add(from);
            }
            for (final Dependency d : c.getDirectDependenciesFromSelf())
            {
                final JavaClass target = d.getTargetClass();
                if (packageOf(target).equals("io.rankwire") && !topLevel(target).equals(from))
                {
                    graph.computeIfAbsent(from, k -> new TreeSet<>()).add(topLevel(target));
                }
            }
        }
        final List<Set<String>> loops = new ArrayList<>();
        for (final Set<String> component : StronglyConnected.components(graph))
        {
            if (component.size() > 1 && component.stream().anyMatch(helpers::contains))
            {
                loops.add(component);
            }
        }
        assertTrue(loops.isEmpty(), "loops of the API package through a package-private helper: " + loops);
    }

    private static List<Dependency> dependencies()
    {
        final List<Dependency> all = new ArrayList<>();
        for (final JavaClass c : classes)
        {
            for (final Dependency d : c.getDirectDependenciesFromSelf())
            {
                final JavaClass target = d.getTargetClass();
                if (target.getPackageName().startsWith("io.rankwire") && !packageOf(c).equals(packageOf(target)))
                {
                    all.add(d);
                }
            }
        }
        return all;
    }

    private static boolean allowed(final String from, final String to, final JavaClass target)
    {
        if (LEAVES.containsKey(to))
        {
            return !LEAVES.containsKey(from) || LEAVES.get(from).contains(to);
        }
        if (LEAVES.containsKey(from))
        {
            return LEAVES.get(from).contains(to) || UPWARD.getOrDefault(from, Set.of()).contains(target.getName());
        }
        if (!LAYERS.contains(from) || !LAYERS.contains(to))
        {
            return false;
        }
        if (LAYERS.indexOf(to) >= LAYERS.indexOf(from))
        {
            return true;
        }
        return UPWARD.getOrDefault(from, Set.of()).contains(target.getName());
    }

    private static String layerOf(final JavaClass c)
    {
        final String p = packageOf(c);
        return p.equals("io.rankwire") ? "api" : p.substring("io.rankwire.".length());
    }

    private static String packageOf(final JavaClass c)
    {
        return c.getPackageName();
    }

    private static String packageOf(final String className)
    {
        return className.substring(0, className.lastIndexOf('.'));
    }

    private static String topLevel(final JavaClass c)
    {
        final String name = c.getName();
        final int dollar = name.indexOf('$');
        return dollar < 0 ? name : name.substring(0, dollar);
    }
}
