package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Rankwire.init} in a JVM started without the option Agrona needs fails at once with one
 * message naming the exact option, for Agrona on the class path and on the module path; with the
 * option named, the same program runs.
 */
@Timeout(90)
class JdkAccessTest
{
    private static final String CLASS_PATH_MESSAGE = "java.lang.IllegalStateException: Rankwire needs the JVM option " +
        "--add-exports java.base/jdk.internal.misc=ALL-UNNAMED (Agrona, which Rankwire uses, reaches " +
        "jdk.internal.misc.Unsafe; Agrona was loaded from the class path)";
    private static final String MODULE_PATH_MESSAGE = "java.lang.IllegalStateException: Rankwire needs the JVM option " +
        "--add-exports java.base/jdk.internal.misc=org.agrona (Agrona, which Rankwire uses, reaches " +
        "jdk.internal.misc.Unsafe; Agrona was loaded from the module path)";

    private static List<String> classPath()
    {
        return Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
    }

    private static String agronaJar()
    {
        return classPath().stream().filter(e -> Path.of(e).getFileName().toString().matches("agrona-.*\\.jar"))
            .findFirst().orElseThrow();
    }

    private static String[] run(final List<String> jvmOptions, final String cp) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", cp, "-Drankwire.transport=sim", InitMain.class.getName()));
        final ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("RANKWIRE_") || k.equals("JDK_JAVA_OPTIONS"));
        final Process p = pb.start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new String[] {Integer.toString(p.exitValue()), out, err};
    }

    @Test
    void classPathWithoutTheOptionShouldBeToldTheExactOption() throws Exception
    {
        final String[] r = run(List.of(), System.getProperty("java.class.path"));
        assertEquals("1", r[0], r[1] + r[2]);
        assertTrue(r[2].startsWith("Exception in thread \"main\" " + CLASS_PATH_MESSAGE), r[2]);
        assertFalse(r[2].contains("IllegalAccessError"), r[2]);
        final String[] ok = run(List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"),
            System.getProperty("java.class.path"));
        assertEquals("0", ok[0], ok[1] + ok[2]);
    }

    @Test
    void modulePathWithoutTheOptionShouldBeToldTheModulesOption() throws Exception
    {
        final String agrona = agronaJar();
        final String rest = classPath().stream().filter(e -> !e.equals(agrona)).collect(Collectors.joining(File.pathSeparator));
        final List<String> modulePath = List.of("--module-path", agrona, "--add-modules", "org.agrona");
        final String[] r = run(modulePath, rest);
        assertEquals("1", r[0], r[1] + r[2]);
        assertTrue(r[2].startsWith("Exception in thread \"main\" " + MODULE_PATH_MESSAGE), r[2]);
        final List<String> fixed = new ArrayList<>(modulePath);
        fixed.addAll(List.of("--add-exports", "java.base/jdk.internal.misc=org.agrona"));
        final String[] ok = run(fixed, rest);
        assertEquals("0", ok[0], ok[1] + ok[2]);
        assertEquals("started null", ok[1].strip(), ok[1] + ok[2]);
    }
}
