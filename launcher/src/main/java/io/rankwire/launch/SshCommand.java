package io.rankwire.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.rankwire.bootstrap.JobVariables;

/**
 * The command that starts one rank on another host through the OpenSSH client:
 * <pre>
 * ssh [--ssh words] -o BatchMode=yes -o ServerAliveInterval=5 -o ServerAliveCountMax=3 HOST 'sh -c '\''SCRIPT'\'''
 * </pre>
 * The keep-alive options make ssh give up on a host that stops answering (its link cut, the host
 * down) after 15-20 s, with exit code 255, so the launcher ends the job then instead of waiting
 * for ranks that may be blocked on that host; options among the {@code --ssh} words come first
 * and so win (ssh keeps the first value it is given for an option).
 * SCRIPT changes to the launcher's working directory, reads the job secret from the first line
 * of ssh's stdin into {@value JobVariables#SECRET} (so it appears in no process's arguments,
 * here or there), starts the rank's JVM with the job's variables in the background, and watches
 * the rest of stdin: the launcher keeps it open, so when the ssh session ends (the launcher
 * killed it, or died) the watcher reads end-of-file and ends the JVM ({@code TERM}, then
 * {@code KILL} 3 s later). The script exits with the JVM's exit code, and ends the watcher (and
 * its timer) first, so nothing of the rank outlives it.
 */
final class SshCommand
{
    /** Exit code of the remote script when it cannot enter the working directory or read the secret. */
    static final int SETUP_FAILED_EXIT = 125;
    /** ssh options of every rank's session: never prompt; give up on a host that stops answering. */
    static final List<String> OPTIONS = List.of("BatchMode=yes", "ServerAliveInterval=5", "ServerAliveCountMax=3");

    private SshCommand()
    {
    }

    /**
     * @param ssh        the ssh client and its options, e.g. {@code [ssh, -p, 2222]}
     * @param host       where the rank runs
     * @param directory  the working directory there (the launcher's)
     * @param env        variables to set for the rank, on its command line: never the secret
     * @param command    the rank's command
     */
    static List<String> command(
        final List<String> ssh,
        final String host,
        final String directory,
        final Map<String, String> env,
        final List<String> command)
    {
        return command(ssh, host, directory, env, command, 0);
    }

    /**
     * Like {@link #command(List, String, String, Map, List)}; the rank's JVM gets
     * {@value RankCollector#SERIAL} when the host has fewer than {@code serialBelowCpus} CPUs and
     * its variables name no collector (0: never; see {@link #script(String, Map, List, int)}).
     */
    static List<String> command(
        final List<String> ssh,
        final String host,
        final String directory,
        final Map<String, String> env,
        final List<String> command,
        final int serialBelowCpus)
    {
        final List<String> result = new ArrayList<>(ssh);
        for (final String option : OPTIONS)
        {
            result.add("-o");
            result.add(option);
        }
        result.add(host);
        result.add("sh -c " + quote(script(directory, env, command, serialBelowCpus)));
        return result;
    }

    static String script(final String directory, final Map<String, String> env, final List<String> command)
    {
        return script(directory, env, command, 0);
    }

    /**
     * The remote script; with {@code serialBelowCpus > 0} it first counts the host's CPUs
     * ({@code nproc}, else {@code getconf _NPROCESSORS_ONLN}) and, when there are fewer and none
     * of the JVM's option variables there names a collector, puts {@value RankCollector#SERIAL}
     * after the command's first word (the {@code java} executable).
     */
    static String script(
        final String directory, final Map<String, String> env, final List<String> command, final int serialBelowCpus)
    {
        final StringBuilder line = new StringBuilder("env");
        env.forEach((name, value) -> line.append(' ').append(quote(name + "=" + value)));
        for (int i = 0; i < command.size(); i++)
        {
            line.append(' ').append(quote(command.get(i)));
            if (i == 0 && serialBelowCpus > 0)
            {
                line.append(" $gc");
            }
        }
        return "cd " + quote(directory) + " || exit " + SETUP_FAILED_EXIT + "\n" +
            (serialBelowCpus > 0 ? collectorLines(serialBelowCpus) : "") +
            "IFS= read -r " + JobVariables.SECRET + " || exit " + SETUP_FAILED_EXIT + "\n" +
            "export " + JobVariables.SECRET + "\n" +
            "exec 3<&0\n" +
            line + " </dev/null 3<&- &\n" +
            "pid=$!\n" +
            "( s=; trap 'if [ -n \"$s\" ]; then kill $s; fi; exit 0' TERM\n" +
            "  while read -r _; do :; done\n" +
            "  kill -TERM $pid 2>/dev/null\n" +
            "  sleep 3 & s=$!; wait $s\n" +
            "  kill -KILL $pid 2>/dev/null ) <&3 >/dev/null 2>&1 &\n" +
            "watcher=$!\n" +
            "exec 3<&-\n" +
            "wait $pid\n" +
            "code=$?\n" +
            "kill $watcher 2>/dev/null\n" +
            "exit $code\n";
    }

    /** Sets {@code gc} to {@value RankCollector#SERIAL} or to nothing (see {@link #script(String, Map, List, int)}). */
    private static String collectorLines(final int serialBelowCpus)
    {
        return "gc=; n=$( (nproc || getconf _NPROCESSORS_ONLN) 2>/dev/null )\n" +
            "if [ \"${n:-0}\" -gt 0 ] 2>/dev/null && [ \"$n\" -lt " + serialBelowCpus + " ]; then gc=" +
            RankCollector.SERIAL + "; fi\n" +
            "case \" $JAVA_TOOL_OPTIONS $JDK_JAVA_OPTIONS $_JAVA_OPTIONS \" in *-XX:[+-]Use*GC[!A-Za-z0-9_]*) gc= ;; esac\n";
    }

    /** {@code text} as one word for a POSIX shell. */
    static String quote(final String text)
    {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    /** Splits {@code --ssh} / {@code RANKWIRE_SSH} at white space (no quoting). */
    static List<String> split(final String text)
    {
        final List<String> words = new ArrayList<>();
        for (final String w : text.trim().split("\\s+"))
        {
            if (!w.isEmpty())
            {
                words.add(w);
            }
        }
        if (words.isEmpty())
        {
            throw new IllegalArgumentException("invalid value for --ssh: '" + text + "' (expected: a command, e.g. ssh)");
        }
        return words;
    }
}
