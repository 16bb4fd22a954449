package io.rankwire.launch;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's code, as a reader copies it: the Ping class compiled with javac against
 * Rankwire's class path and run as a 2-rank job through rwrun, and the LocalJob snippet (with the
 * imports its comment names) run in a JVM of its own with the JVM option the README names.
 */
@Timeout(120)
class ReadmeExamplesTest
{
    @TempDir
    Path dir;

    private static List<String> javaBlocks() throws Exception
    {
        final Path readme = Path.of(LaunchFixture.testClasses()).resolve("../../../README.md").normalize();
        final Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(readme));
        final List<String> blocks = new ArrayList<>();
        while (m.find())
        {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    private static String block(final String containing) throws Exception
    {
        return javaBlocks().stream().filter(b -> b.contains(containing)).findFirst().orElseThrow();
    }

    private Path compile(final String className, final String source) throws Exception
    {
        final Path src = Files.createDirectories(dir.resolve("src")).resolve(className + ".java");
        Files.writeString(src, source);
        final Path out = Files.createDirectories(dir.resolve("classes"));
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final int code = javac.run(null, null, null, "-cp", LaunchFixture.rankwireClassPath(), "-d", out.toString(),
            src.toString());
        assertEquals(0, code, "javac failed on\n" + source);
        return out;
    }

    @Test
    void pingShouldCompileAndPrintWhatItDidOnTwoRanks() throws Exception
    {
        final Path classes = compile("Ping", block("public final class Ping"));
        final List<String> args = new ArrayList<>(LaunchFixture.LIGHT_JVM);
        args.addAll(List.of("-np", "2", "-cp", classes.toString(), "Ping"));
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(System.getenv(), args.toArray(new String[0]));
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 2; rank++)
        {
            final String line = "[" + rank + "] rank " + rank + " of 2: 1000 round trips of 8 bytes with rank " +
                (1 - rank) + " in ";
            assertTrue(r.outLines().stream().anyMatch(l -> l.startsWith(line) && l.endsWith(" us")), r::toString);
        }
    }

    @Test
    void localJobSnippetShouldRunInAPlainJvm() throws Exception
    {
        final String snippet = block("LocalJob.run(2, \"sim\"");
        final Path classes = compile("InProcess", "import io.rankwire.*;\nimport io.rankwire.buffer.MessageBuffer;\n\n" +
            "public final class InProcess\n{\n" +
            "    public static void main(final String[] args) throws Exception\n    {\n" + snippet + "    }\n}\n");
        final Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-cp", LaunchFixture.rankwireClassPath() + File.pathSeparator + classes, "InProcess")
            .redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertEquals(List.of("rank 0 sum 3", "rank 1 sum 3"), out.lines().sorted().toList(), out);
    }
}
