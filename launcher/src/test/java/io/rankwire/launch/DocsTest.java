package io.rankwire.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keeps the pages readable: docs/PERFORMANCE.md stays one screen (at most 150 lines, one table of
 * at most 12 rows, no cell over 300 characters), and no page of docs/, bench/results/ or the
 * README links to a file that is not there or to a heading another page does not have.
 */
class DocsTest
{
    static final int PERFORMANCE_MAX_LINES = 150;
    static final int PERFORMANCE_MAX_ROWS = 12;
    static final int MAX_CELL = 300;

    @TempDir
    Path scratch;

    private static Path root()
    {
        return Path.of(LaunchFixture.testClasses()).resolve("../../..").normalize();
    }

    private static List<Path> pages(final Path root) throws IOException
    {
        final List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        for (final String dir : List.of("docs", "bench/results"))
        {
            try (Stream<Path> files = Files.list(root.resolve(dir)))
            {
                pages.addAll(files.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
            }
        }
        return pages;
    }

    /** What is wrong with the page's links to files of {@code root}: one line per broken link. */
    static List<String> brokenLinks(final Path root, final Path page) throws IOException
    {
        final List<String> broken = new ArrayList<>();
        for (final String target : new MarkdownPage(Files.readString(page)).linkTargets())
        {
            if (target.contains("://") || target.startsWith("mailto:"))
            {
                continue;
            }
            final int hash = target.indexOf('#');
            final String file = hash < 0 ? target : target.substring(0, hash);
            final Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
            final String where = root.relativize(page) + " links to " + target;
            if (!resolved.startsWith(root.normalize()))
            {
                broken.add(where + ": outside the repository");
            }
            else if (!Files.exists(resolved))
            {
                broken.add(where + ": no such file");
            }
            else if (hash >= 0 && resolved.toString().endsWith(".md"))
            {
                final Set<String> anchors = new MarkdownPage(Files.readString(resolved)).anchors();
                if (!anchors.contains(target.substring(hash + 1)))
                {
                    broken.add(where + ": no such heading in " + root.relativize(resolved));
                }
            }
        }
        return broken;
    }

    /** What makes a performance page longer than one screen. */
    static List<String> tooLong(final String performancePage)
    {
        final MarkdownPage page = new MarkdownPage(performancePage);
        final List<String> problems = new ArrayList<>();
        if (page.lineCount() > PERFORMANCE_MAX_LINES)
        {
            problems.add("lines : " + page.lineCount() + " (expected: <= " + PERFORMANCE_MAX_LINES + ")");
        }
        if (page.tables() > 1)
        {
            problems.add("tables : " + page.tables() + " (expected: <= 1)");
        }
        final List<List<String>> rows = page.tableRows();
        final int bodyRows = Math.max(0, rows.size() - 2);
        if (bodyRows > PERFORMANCE_MAX_ROWS)
        {
            problems.add("table rows : " + bodyRows + " (expected: <= " + PERFORMANCE_MAX_ROWS + ")");
        }
        for (final List<String> row : rows)
        {
            for (final String cell : row)
            {
                if (cell.length() > MAX_CELL)
                {
                    problems.add("cell : " + cell.length() + " characters (expected: <= " + MAX_CELL + "): " +
                        cell.substring(0, 60) + "...");
                }
            }
        }
        return problems;
    }

    @Test
    void performancePageShouldBeOneScreen() throws IOException
    {
        final List<String> problems = tooLong(Files.readString(root().resolve("docs/PERFORMANCE.md")));
        assertTrue(problems.isEmpty(), () -> "docs/PERFORMANCE.md: " + String.join("; ", problems));
    }

    @Test
    void shouldLinkOnlyToFilesAndHeadingsThatExist() throws IOException
    {
        final Path root = root();
        final List<String> broken = new ArrayList<>();
        for (final Path page : pages(root))
        {
            broken.addAll(brokenLinks(root, page));
        }
        assertTrue(broken.isEmpty(), () -> broken.size() + " broken link(s):\n" + String.join("\n", broken));
    }

    @Test
    void shouldNameAnchorsAsGitHubDoes()
    {
        assertEquals("tcp-the-kernel-waits-timer-and-a-spin-window-that-closes",
            MarkdownPage.anchor("tcp: the kernel wait's timer and a spin window that closes"));
        assertEquals("idlespin-without-a-spin-wait-hint-spinning-baselines",
            MarkdownPage.anchor("`idle=spin` without a spin-wait hint; spinning baselines"));
        assertEquals("confirmation-on-a-quiet-machine-load-average-12-21",
            MarkdownPage.anchor("Confirmation on a quiet machine (load average 1.2-2.1)"));
        assertEquals("read_data-chunks-of-1-mib", MarkdownPage.anchor("READ_DATA chunks of 1 MiB"));
        assertEquals("hello--the-smallest-program", MarkdownPage.anchor("Hello — the smallest program"));
        assertEquals("see-the-log", MarkdownPage.anchor("See [the log](log.md)"));
        assertEquals(List.of("a", "b", "a-1", "a-2"),
            List.copyOf(new MarkdownPage("# A\n## B\n### A\n```\n# not a heading\n```\n## A\n").anchors()));
    }

    @Test
    void shouldReportMissingFilesAndHeadings() throws IOException
    {
        final Path docs = Files.createDirectories(scratch.resolve("docs"));
        Files.writeString(docs.resolve("OTHER.md"), "# Other\n\n## Figures, by size\n");
        final Path page = docs.resolve("PAGE.md");
        Files.writeString(page, String.join("\n",
            "# Page",
            "[fine](OTHER.md#figures-by-size) and [top](#page), ![chart](OTHER.md), [web](https://example.org/x#y)",
            "[gone](GONE.md) and [no heading](OTHER.md#figures) and [no heading here](#nowhere)",
            "`[in code](GONE.md)`",
            "```",
            "[in a block](GONE.md)",
            "```",
            "[out](../../elsewhere.md)",
            ""));
        assertEquals(List.of(
            "docs/PAGE.md links to GONE.md: no such file",
            "docs/PAGE.md links to OTHER.md#figures: no such heading in docs/OTHER.md",
            "docs/PAGE.md links to #nowhere: no such heading in docs/PAGE.md",
            "docs/PAGE.md links to ../../elsewhere.md: outside the repository"),
            brokenLinks(scratch, page));
    }

    @Test
    void shouldReportAPerformancePageLongerThanOneScreen()
    {
        final String header = "| path | measure | Rankwire | baseline | ratio |\n|---|---|---|---|---|\n";
        final String row = "| a | b | c | d | e |\n";
        assertEquals(List.of(), tooLong("# P\n\n" + header + row.repeat(PERFORMANCE_MAX_ROWS)));
        assertEquals(List.of("table rows : 13 (expected: <= 12)"),
            tooLong(header + row.repeat(PERFORMANCE_MAX_ROWS + 1)));
        assertEquals(List.of("tables : 2 (expected: <= 1)"), tooLong(header + row + "\ntext\n\n" + header + row));
        assertEquals(List.of("lines : 151 (expected: <= 150)"), tooLong("line\n".repeat(PERFORMANCE_MAX_LINES + 1)));
        final List<String> cell = tooLong(header + "| " + "x".repeat(MAX_CELL + 1) + " | b | c | d | e |\n");
        assertEquals(1, cell.size(), cell::toString);
        assertTrue(cell.get(0).startsWith("cell : 301 characters (expected: <= 300): xxx"), cell::toString);
        assertEquals(List.of(), tooLong(header + "| a \\| b | " + "y".repeat(MAX_CELL) + " | c | d | e |\n"));
    }
}
