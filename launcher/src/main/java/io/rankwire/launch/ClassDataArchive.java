package io.rankwire.launch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The start-up cache of Rankwire's own classes (and the JDK classes they use), so rank JVMs on
 * this host map them instead of loading, parsing and verifying them at every start. On JDK 25 and
 * later it is an ahead-of-time cache (JEP 483, 514, 515): classes loaded and linked, and the
 * method profiles of a training run, so that the JIT compiles the messaging hot paths from the
 * first messages instead of after thousands; on earlier JDKs a dynamic class-data-sharing archive
 * (classes only). Either is recorded once per (JDK, Rankwire jars) by running
 * {@link CdsTraining} with Rankwire's class path only; a rank's class path starts with the same
 * entries, which is what the JVM requires to use it. Only jar files can be archived, so a class
 * path holding a directory (a build tree) gets no cache. A stale or unreadable cache is never
 * fatal: the JVM starts without it, its log output off.
 *
 * <pre>
 *   $RANKWIRE_CDS_DIR | $XDG_CACHE_HOME/rankwire | ~/.cache/rankwire
 *     aot-&lt;key&gt;.aot   JDK 25 and later: -XX:AOTCacheOutput when recorded, -XX:AOTCache when used
 *     cds-&lt;key&gt;.jsa   earlier JDKs: -XX:ArchiveClassesAtExit, then -XX:SharedArchiveFile
 *   key: 16 hex digits of the SHA-256 of java.home, the JVM version, each jar's path, size, mtime
 * </pre>
 */
final class ClassDataArchive
{
    private static final int KEEP = 4;
    private static final long TRAINING_LIMIT_SECONDS = 120;
    /** The first JDK whose AOT cache is recorded in one step and keeps method profiles (JEP 514, 515). */
    static final int AOT_FEATURE = 25;
    private static final List<String> QUIET = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    private static final List<String> QUIET_AOT = List.of("-Xlog:aot=off", "-Xlog:cds=off");
    private static final Pattern FILE = Pattern.compile("(cds-[0-9a-f]{16}\\.jsa|aot-[0-9a-f]{16}\\.aot)");

    private ClassDataArchive()
    {
    }

    /** Whether this JVM, and so the ranks it starts, records and uses an AOT cache rather than a class-data archive. */
    static boolean aot()
    {
        return Runtime.version().feature() >= AOT_FEATURE;
    }

    /**
     * Where caches live, or null when the user turned them off: {@code --cds off} (or
     * {@code RANKWIRE_CDS=off}) or a JVM option of their own about class data sharing or the AOT cache.
     */
    static Path directory(final String mode, final Map<String, String> env, final List<String> jvmOptions)
    {
        if ("off".equals(mode) || jvmOptions.stream().anyMatch(o -> o.startsWith("-Xshare") || o.contains("SharedArchiveFile") ||
            o.contains("ArchiveClassesAtExit") || o.contains("-XX:AOT")))
        {
            return null;
        }
        final String dir = env.get("RANKWIRE_CDS_DIR");
        if (dir != null && !dir.isEmpty())
        {
            return Path.of(dir);
        }
        final String cache = env.get("XDG_CACHE_HOME");
        if (cache != null && !cache.isEmpty())
        {
            return Path.of(cache, "rankwire");
        }
        final String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        return home == null || home.isEmpty() ? null : Path.of(home, ".cache", "rankwire");
    }

    /**
     * The options that make a rank JVM start from the cache, recording it first when it does
     * not exist yet; none when it cannot be had.
     */
    static List<String> jvmOptions(
        final String command, final Path directory, final List<String> rankwireClassPath, final PrintStream err)
    {
        if (directory == null || !allJars(rankwireClassPath))
        {
            return List.of();
        }
        final boolean aot = aot();
        final Path archive = directory.resolve(aot ? "aot-" + key(rankwireClassPath) + ".aot" : "cds-" + key(rankwireClassPath) + ".jsa");
        if (!Files.isReadable(archive) && !record(command, archive, aot, rankwireClassPath, err))
        {
            return List.of();
        }
        final List<String> options = new ArrayList<>(aot ? QUIET_AOT : QUIET);
        options.add((aot ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=") + archive);
        return options;
    }

    /** The JVM archives classes from jar files only (a build tree's classes directory rules it out). */
    static boolean allJars(final List<String> classPath)
    {
        return !classPath.isEmpty() && classPath.stream().allMatch(e -> e.endsWith(".jar") && new File(e).isFile());
    }

    static String key(final List<String> classPath)
    {
        try
        {
            final MessageDigest sha = MessageDigest.getInstance("SHA-256");
            update(sha, System.getProperty("java.home"));
            update(sha, System.getProperty("java.vm.version"));
            for (final String entry : classPath)
            {
                final File f = new File(entry).getAbsoluteFile();
                update(sha, f.getPath() + '|' + f.length() + '|' + f.lastModified());
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("SHA-256 : missing (expected: in every JDK)", e);
        }
    }

    private static void update(final MessageDigest sha, final String s)
    {
        sha.update(s.getBytes(StandardCharsets.UTF_8));
        sha.update((byte)0);
    }

    /**
     * Runs the training JVM into a temporary file and moves it into place; false on any failure.
     * Says so first, since the job waits for it (a few seconds, once per JDK and build).
     */
    private static boolean record(
        final String name, final Path archive, final boolean aot, final List<String> classPath, final PrintStream err)
    {
        Path temp = null;
        try
        {
            Files.createDirectories(archive.getParent());
            temp = Files.createTempFile(archive.getParent(), "recording-", aot ? ".aot" : ".jsa");
            Files.delete(temp);
            final List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(Launcher.RANKWIRE_JVM_OPTIONS);
            command.addAll(aot ? QUIET_AOT : QUIET);
            command.add((aot ? "-XX:AOTCacheOutput=" : "-XX:ArchiveClassesAtExit=") + temp);
            command.add("-cp");
            command.add(String.join(File.pathSeparator, classPath));
            command.add(CdsTraining.class.getName());
            command.add(Integer.toString(aot ? CdsTraining.PROFILE_ROUNDS : CdsTraining.CLASS_ROUNDS));
            err.println(name + ": preparing a start-up cache of Rankwire's classes" + (aot ? " and their profiles" : "") +
                " (once for this JDK and build) in " + archive.getParent());
            final long start = System.nanoTime();
            final Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(TRAINING_LIMIT_SECONDS, TimeUnit.SECONDS))
            {
                p.destroyForcibly();
                err.println(name + ": recording the class-data archive took over " + TRAINING_LIMIT_SECONDS +
                    " s; ranks start without it");
                return false;
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(temp))
            {
                err.println(name + ": recording the class-data archive failed (exit " + p.exitValue() +
                    "); ranks start without it");
                return false;
            }
            Files.move(temp, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            err.println(name + ": start-up cache ready in " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
            pruneOldArchives(archive.getParent());
            return true;
        }
        catch (final IOException e)
        {
            err.println(name + ": cannot record the class-data archive in " + archive.getParent() + ": " + e +
                "; ranks start without it");
            return false;
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            return false;
        }
        finally
        {
            deleteQuietly(temp);
            if (temp != null && aot)
            {
                deleteQuietly(Path.of(temp + ".config"));   // the JDK's intermediate file, when training failed
            }
        }
    }

    /** Keeps the {@value #KEEP} most recently written caches (other JDKs or builds). */
    private static void pruneOldArchives(final Path directory) throws IOException
    {
        final List<Path> archives;
        try (Stream<Path> files = Files.list(directory))
        {
            archives = files.filter(f -> FILE.matcher(f.getFileName().toString()).matches())
                .sorted(Comparator.comparing(ClassDataArchive::modified).reversed()).toList();
        }
        for (int i = KEEP; i < archives.size(); i++)
        {
            deleteQuietly(archives.get(i));
        }
    }

    private static long modified(final Path f)
    {
        return f.toFile().lastModified();
    }

    private static void deleteQuietly(final Path f)
    {
        if (f != null)
        {
            try
            {
                Files.deleteIfExists(f);
            }
            catch (final IOException e)
            {
                // a leftover temporary file is harmless
            }
        }
    }
}
