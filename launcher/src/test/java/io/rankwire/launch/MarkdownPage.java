package io.rankwire.launch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Markdown page offers to links and holds in tables, read the way GitHub renders it:
 * headings and their anchors, links and their targets, table rows split into cells. Text inside
 * fenced code blocks and code spans is neither a heading nor a link.
 */
final class MarkdownPage
{
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("!?\\[(?:[^\\[\\]]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern INLINE_LINK_TEXT = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern NOT_IN_ANCHOR = Pattern.compile("[^\\p{L}\\p{N}\\p{M} _-]");
    private static final Pattern CELL_SEPARATOR = Pattern.compile("(?<!\\\\)\\|");

    private final List<String> lines;

    MarkdownPage(final String text)
    {
        lines = List.of(text.split("\n", -1));
    }

    /** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'. */
    static String anchor(final String headingText)
    {
        String text = INLINE_LINK_TEXT.matcher(headingText).replaceAll("$1");
        text = text.toLowerCase(Locale.ROOT);
        text = NOT_IN_ANCHOR.matcher(text).replaceAll("");
        return text.replace(' ', '-');
    }

    /** Every anchor of the page's headings; a repeated one gets -1, -2, ... as on GitHub. */
    Set<String> anchors()
    {
        final Set<String> anchors = new LinkedHashSet<>();
        final Map<String, Integer> seen = new HashMap<>();
        for (final String line : prose())
        {
            final Matcher m = HEADING.matcher(line);
            if (m.matches())
            {
                final String base = anchor(m.group(1));
                final int n = seen.merge(base, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? base : base + "-" + n);
            }
        }
        return anchors;
    }

    /** Targets of every link and image, as written ({@code file.md#anchor}, {@code #anchor}, a URL). */
    List<String> linkTargets()
    {
        final List<String> targets = new ArrayList<>();
        for (final String line : prose())
        {
            final Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (m.find())
            {
                targets.add(m.group(1));
            }
        }
        return targets;
    }

    /** The cells of every table row (header and separator rows included), trimmed. */
    List<List<String>> tableRows()
    {
        final List<List<String>> rows = new ArrayList<>();
        for (final String line : prose())
        {
            final String row = line.trim();
            if (row.startsWith("|"))
            {
                final String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
                final List<String> cells = new ArrayList<>();
                for (final String cell : CELL_SEPARATOR.split(inner, -1))
                {
                    cells.add(cell.trim());
                }
                rows.add(cells);
            }
        }
        return rows;
    }

    /** How many tables the page has: runs of consecutive table rows. */
    int tables()
    {
        int tables = 0;
        boolean inTable = false;
        for (final String line : prose())
        {
            final boolean row = line.trim().startsWith("|");
            if (row && !inTable)
            {
                tables++;
            }
            inTable = row;
        }
        return tables;
    }

    int lineCount()
    {
        return lines.size() - (lines.get(lines.size() - 1).isEmpty() ? 1 : 0);
    }

    /** The lines outside fenced code blocks (a fenced block's lines come back empty). */
    private List<String> prose()
    {
        final List<String> prose = new ArrayList<>(lines.size());
        String fence = null;
        for (final String line : lines)
        {
            final String trimmed = line.stripLeading();
            if (fence == null && (trimmed.startsWith("```") || trimmed.startsWith("~~~")))
            {
                fence = trimmed.substring(0, 3);
                prose.add("");
            }
            else if (fence != null)
            {
                if (trimmed.startsWith(fence))
                {
                    fence = null;
                }
                prose.add("");
            }
            else
            {
                prose.add(line);
            }
        }
        return prose;
    }
}
