package io.rankwire;

import java.util.Locale;

/** The known key nearest to a mistyped one, by edit distance, for "did you mean" messages. */
final class Nearest
{
    private Nearest()
    {
    }

    /**
     * The candidate closest to {@code key} (case, '.', '_' and '-' ignored, then Levenshtein
     * distance), or null when none is within a third of the key's length past {@code rankwire.}
     * (at least 2 edits); a key cut short ({@code rankwire.coll.bcast.algo}) gets the one
     * candidate it begins.
     */
    static String of(final String key, final Iterable<String> candidates)
    {
        final String k = normal(key);
        final int limit = Math.max(2, (k.length() - "rankwire".length()) / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String extended = null;
        int extensions = 0;
        for (final String c : candidates)
        {
            final String n = normal(c);
            final int d = distance(k, n);
            if (d < bestDistance)
            {
                bestDistance = d;
                best = c;
            }
            if (n.startsWith(k))
            {
                extended = c;
                extensions++;
            }
        }
        if (bestDistance <= limit)
        {
            return best;
        }
        return extensions == 1 && k.length() > "rankwire".length() + 3 ? extended : null;
    }

    private static String normal(final String s)
    {
        return s.toLowerCase(Locale.ROOT).replace(".", "").replace("_", "").replace("-", "");
    }

    /** Levenshtein distance (insertions, deletions, substitutions). */
    static int distance(final String a, final String b)
    {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++)
        {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++)
            {
                final int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            final int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
