package io.rankwire.launch;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --output-filename DIR[:nocopy,nojobid]}: each rank's output also goes to files, in Open
 * MPI's layout (Open MPI 4.x and 5.x, {@code mpirun(1)}, "--output-filename"):
 * {@code DIR/1/rank.R/stdout} and {@code DIR/1/rank.R/stderr}, where {@code 1} is the job's
 * directory (Open MPI's job number; {@code :nojobid} leaves it out) and {@code R} the rank,
 * zero-padded to the width of the job's last rank so that listings sort. A relative {@code DIR}
 * is taken from the launcher's working directory; the directories are made as needed. With
 * {@code :nocopy} the output goes to the files only, else to the launcher's output as well.
 * The files hold the ranks' lines as they wrote them, without the {@code [rank]} tag.
 */
final class OutputFiles
{
    /** Open MPI's number for the first (here: the only) job of a launcher. */
    static final String JOB_DIRECTORY = "1";

    private final Path root;
    private final boolean copy;
    private final int width;

    private OutputFiles(final Path root, final boolean copy, final int width)
    {
        this.root = root;
        this.copy = copy;
        this.width = width;
    }

    /**
     * @param value {@code --output-filename}'s value, null when not given
     * @param size  the job's ranks
     * @return null when {@code value} is null
     * @throws IllegalArgumentException for an empty directory or an unknown qualifier
     */
    static OutputFiles parse(final String value, final int size)
    {
        if (value == null)
        {
            return null;
        }
        final int colon = value.lastIndexOf(':');
        final String dir = colon < 0 ? value : value.substring(0, colon);
        boolean copy = true;
        boolean jobId = true;
        if (colon >= 0)
        {
            for (final String q : value.substring(colon + 1).split(","))
            {
                switch (q.trim())
                {
                    case "nocopy" -> copy = false;
                    case "nojobid" -> jobId = false;
                    default -> throw new IllegalArgumentException("invalid value for --output-filename: '" + value +
                        "': qualifier '" + q + "' (expected: DIR[:nocopy,nojobid])");
                }
            }
        }
        if (dir.isBlank())
        {
            throw new IllegalArgumentException("invalid value for --output-filename: '" + value +
                "' (expected: a directory, DIR[:nocopy,nojobid])");
        }
        final Path base = Path.of(dir).toAbsolutePath().normalize();
        return new OutputFiles(jobId ? base.resolve(JOB_DIRECTORY) : base, copy,
            Integer.toString(Math.max(0, size - 1)).length());
    }

    /** Whether the output also goes to the launcher's own output. */
    boolean copy()
    {
        return copy;
    }

    /** The directory of {@code rank}'s files. */
    Path rankDirectory(final int rank)
    {
        final String r = Integer.toString(rank);
        return root.resolve("rank." + "0".repeat(Math.max(0, width - r.length())) + r);
    }

    /**
     * Makes the directories of ranks {@code 0..size-1} (for {@code srun}, which writes the files itself).
     *
     * @throws UncheckedIOException naming the directory that cannot be made
     */
    void makeDirectories(final int size)
    {
        for (int rank = 0; rank < size; rank++)
        {
            final Path dir = rankDirectory(rank);
            try
            {
                Files.createDirectories(dir);
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("--output-filename: cannot make " + dir + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Opens (truncating) {@code rank}'s {@code stdout} or {@code stderr} file.
     *
     * @throws UncheckedIOException naming the file when it cannot be made
     */
    OutputStream open(final int rank, final boolean stderr)
    {
        final Path file = rankDirectory(rank).resolve(stderr ? "stderr" : "stdout");
        try
        {
            Files.createDirectories(file.getParent());
            return Files.newOutputStream(file);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("--output-filename: cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
