package io.rankwire.launch;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The class loader of one rank of an in-JVM job. The application's classes are loaded
 * child-first from the user's class path, so every rank has its own copy and its own static
 * state. Rankwire's classes and those it is built on ({@code io.rankwire.*}, {@code org.agrona.*},
 * {@code io.netty.*}) and the JDK's come from the parent first, so all ranks share one simulated
 * fabric; a shared-package class the parent does not have is still loaded here.
 */
final class RankClassLoader extends URLClassLoader
{
    private static final String[] PARENT_FIRST = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.",
        "io.rankwire.", "org.agrona.", "io.netty."};

    static
    {
        registerAsParallelCapable();
    }

    RankClassLoader(final String name, final URL[] urls, final ClassLoader parent)
    {
        super(name, urls, parent);
    }

    static boolean parentFirst(final String className)
    {
        for (final String prefix : PARENT_FIRST)
        {
            if (className.startsWith(prefix))
            {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException
    {
        synchronized (getClassLoadingLock(name))
        {
            Class<?> c = findLoadedClass(name);
            if (c == null)
            {
                c = parentFirst(name) ? parentThenOwn(name) : ownThenParent(name);
            }
            if (resolve)
            {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> parentThenOwn(final String name) throws ClassNotFoundException
    {
        try
        {
            return getParent().loadClass(name);
        }
        catch (final ClassNotFoundException e)
        {
            return findClass(name);
        }
    }

    private Class<?> ownThenParent(final String name) throws ClassNotFoundException
    {
        try
        {
            return findClass(name);
        }
        catch (final ClassNotFoundException e)
        {
            return getParent().loadClass(name);
        }
    }

    @Override
    public URL getResource(final String name)
    {
        final String asClass = name.replace('/', '.');
        if (parentFirst(asClass))
        {
            final URL url = getParent().getResource(name);
            return url != null ? url : findResource(name);
        }
        final URL url = findResource(name);
        return url != null ? url : getParent().getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(final String name) throws IOException
    {
        final List<URL> urls = new ArrayList<>(Collections.list(findResources(name)));
        urls.addAll(Collections.list(getParent().getResources(name)));
        return Collections.enumeration(urls);
    }
}
