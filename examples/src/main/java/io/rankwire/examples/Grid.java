package io.rankwire.examples;

/**
 * The geometry and arithmetic of the {@link Halo2D} example: a global {@code nx x ny} grid cut
 * into a {@code px x py} grid of blocks, one block per rank, and the Jacobi update shared by the
 * parallel and the serial solver (so both compute bit-identical values).
 *
 * <p>A block of {@code lx x ly} cells is stored row by row with a one-cell halo all around:
 * <pre>
 *   j = 0         +--------------------+   north halo (from the north neighbour, or boundary values)
 *   j = 1 .. ly   | W |  interior   | E |   west/east halo columns
 *   j = ly + 1    +--------------------+   south halo
 *                 i = 0   1 .. lx   lx + 1
 * </pre>
 * Cell {@code (i, j)} is at {@code j * (lx + 2) + i}.
 */
final class Grid
{
    final int nx;
    final int ny;
    final int px;
    final int py;

    Grid(final int nx, final int ny, final int ranks)
    {
        this.nx = nx;
        this.ny = ny;
        // The most square factorisation ranks = px * py.
        int p = (int)Math.sqrt(ranks);
        while (ranks % p != 0)
        {
            p--;
        }
        this.py = p;
        this.px = ranks / p;
        if (nx < px || ny < py)
        {
            throw new IllegalArgumentException("grid : " + nx + "x" + ny +
                " (expected: at least " + px + "x" + py + " cells for " + ranks + " ranks)");
        }
    }

    /** First global column of block column {@code cx}; {@code x0(px) == nx}. */
    int x0(final int cx)
    {
        return (int)((long)cx * nx / px);
    }

    /** First global row of block row {@code cy}; {@code y0(py) == ny}. */
    int y0(final int cy)
    {
        return (int)((long)cy * ny / py);
    }

    /** Initial value of interior cell {@code (gx, gy)} (global coordinates). */
    static double initial(final int gx, final int gy)
    {
        return ((gx * 7 + gy * 13) % 17) / 17.0;
    }

    /** Fixed value just outside the grid: a hot north edge, a warm west edge, cold elsewhere. */
    static double boundary(final int gx, final int gy)
    {
        if (gy < 0)
        {
            return 1.0;
        }
        return gx < 0 ? 0.5 : 0.0;
    }

    /**
     * One Jacobi sweep over cells {@code i in [i0, i1), j in [j0, j1)} of a block {@code w} cells
     * wide (halo included): each cell becomes the mean of its four neighbours in {@code src}.
     */
    static void relax(final double[] src, final double[] dst, final int w, final int i0, final int i1, final int j0, final int j1)
    {
        for (int j = j0; j < j1; j++)
        {
            final int row = j * w;
            for (int i = i0; i < i1; i++)
            {
                final int k = row + i;
                dst[k] = 0.25 * (src[k - 1] + src[k + 1] + src[k - w] + src[k + w]);
            }
        }
    }

    /** A block of {@code lx x ly} cells whose first cell is global {@code (gx0, gy0)}, halo filled. */
    static double[] block(final int gx0, final int gy0, final int lx, final int ly, final int nx, final int ny)
    {
        final int w = lx + 2;
        final double[] a = new double[w * (ly + 2)];
        for (int j = 0; j < ly + 2; j++)
        {
            for (int i = 0; i < w; i++)
            {
                final int gx = gx0 + i - 1;
                final int gy = gy0 + j - 1;
                final boolean outside = gx < 0 || gy < 0 || gx >= nx || gy >= ny;
                a[j * w + i] = outside ? boundary(gx, gy) : initial(gx, gy);
            }
        }
        return a;
    }

    /** The serial solver: {@code iterations} sweeps over the whole grid. */
    static double[] serial(final int nx, final int ny, final int iterations)
    {
        double[] cur = block(0, 0, nx, ny, nx, ny);
        double[] next = cur.clone();
        for (int it = 0; it < iterations; it++)
        {
            relax(cur, next, nx + 2, 1, nx + 1, 1, ny + 1);
            final double[] t = cur;
            cur = next;
            next = t;
        }
        return cur;
    }
}
