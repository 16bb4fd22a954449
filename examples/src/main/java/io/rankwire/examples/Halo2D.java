package io.rankwire.examples;

import java.util.ArrayList;
import java.util.List;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * A 2-D Jacobi stencil on a grid of ranks. Each rank owns a block of the global grid (see
 * {@link Grid}) and, every iteration, exchanges its edge rows and columns with its four
 * neighbours using nonblocking calls; while the halos travel it updates the cells that do not
 * need them, then finishes the block's edge. At the end rank 0 gathers the blocks, runs the same
 * stencil serially and prints {@code Halo2D OK max|diff|=...}, or fails.
 *
 * <p>Arguments: {@code [nx ny iterations]} (default 96 96 50).
 */
public final class Halo2D
{
    // A message's tag is the direction it travels in, so a receive names exactly one message.
    private static final int TO_NORTH = 1;
    private static final int TO_SOUTH = 2;
    private static final int TO_WEST = 3;
    private static final int TO_EAST = 4;
    private static final int GATHER = 5;
    private static final double TOLERANCE = 1e-12;

    private Halo2D()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            final int nx = args.length > 0 ? Integer.parseInt(args[0]) : 96;
            final int ny = args.length > 1 ? Integer.parseInt(args[1]) : 96;
            final int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 50;
            final Grid grid = new Grid(nx, ny, world.size());

            final Block block = new Block(grid, world.rank());
            for (int it = 0; it < iterations; it++)
            {
                block.step(world);
            }
            gatherAndCheck(world, grid, block, iterations);
        }
    }

    /** Rank 0 collects every block's interior and compares it with the serial solution. */
    private static void gatherAndCheck(final Comm world, final Grid grid, final Block block, final int iterations)
    {
        if (world.rank() != 0)
        {
            world.send(MessageBuffer.of(block.interior()), 0, GATHER);
            return;
        }
        final double[] expected = Grid.serial(grid.nx, grid.ny, iterations);
        double maxDiff = 0;
        for (int r = 0; r < world.size(); r++)
        {
            final Block other = new Block(grid, r);   // only its geometry is used
            final double[] cells = new double[other.lx * other.ly];
            if (r == 0)
            {
                System.arraycopy(block.interior(), 0, cells, 0, cells.length);
            }
            else
            {
                world.recv(MessageBuffer.of(cells), r, GATHER);
            }
            for (int j = 0; j < other.ly; j++)
            {
                for (int i = 0; i < other.lx; i++)
                {
                    final double want = expected[(other.gy0 + j + 1) * (grid.nx + 2) + other.gx0 + i + 1];
                    maxDiff = Math.max(maxDiff, Math.abs(cells[j * other.lx + i] - want));
                }
            }
        }
        System.out.printf("Halo2D grid %dx%d on %dx%d ranks, %d iterations%n", grid.nx, grid.ny, grid.px, grid.py, iterations);
        if (!(maxDiff <= TOLERANCE))
        {
            throw new IllegalStateException("Halo2D FAILED max|diff|=" + maxDiff + " (expected: <= " + TOLERANCE + ")");
        }
        System.out.printf("Halo2D OK max|diff|=%.3e%n", maxDiff);
    }

    /** One rank's block, its neighbours (-1 at the edge of the grid) and its halo buffers. */
    private static final class Block
    {
        final int gx0;
        final int gy0;
        final int lx;
        final int ly;
        final int w;
        final int north;
        final int south;
        final int west;
        final int east;
        final double[] westOut;
        final double[] eastOut;
        final double[] westIn;
        final double[] eastIn;
        // One descriptor per halo buffer, made once. The column buffers never move; the rows are
        // elements of cur, which swaps with next every iteration, so each step re-points them
        // (wrap allocates nothing, and a call has read its descriptor by the time it returns).
        final MessageBuffer.Typed northIn;
        final MessageBuffer.Typed northOut;
        final MessageBuffer.Typed southIn;
        final MessageBuffer.Typed southOut;
        final MessageBuffer westOutBuf;
        final MessageBuffer eastOutBuf;
        final MessageBuffer westInBuf;
        final MessageBuffer eastInBuf;
        final List<Request> pending = new ArrayList<>(8);
        double[] cur;
        double[] next;

        Block(final Grid grid, final int rank)
        {
            // Rank arithmetic: ranks are laid out row by row on a px x py grid.
            final int cx = rank % grid.px;
            final int cy = rank / grid.px;
            gx0 = grid.x0(cx);
            gy0 = grid.y0(cy);
            lx = grid.x0(cx + 1) - gx0;
            ly = grid.y0(cy + 1) - gy0;
            w = lx + 2;
            north = cy > 0 ? rank - grid.px : -1;
            south = cy < grid.py - 1 ? rank + grid.px : -1;
            west = cx > 0 ? rank - 1 : -1;
            east = cx < grid.px - 1 ? rank + 1 : -1;
            westOut = new double[ly];
            eastOut = new double[ly];
            westIn = new double[ly];
            eastIn = new double[ly];
            westOutBuf = MessageBuffer.of(westOut);
            eastOutBuf = MessageBuffer.of(eastOut);
            westInBuf = MessageBuffer.of(westIn);
            eastInBuf = MessageBuffer.of(eastIn);
            cur = Grid.block(gx0, gy0, lx, ly, grid.nx, grid.ny);
            next = cur.clone();
            northIn = MessageBuffer.of(cur, 0 * w + 1, lx);
            northOut = MessageBuffer.of(cur, 1 * w + 1, lx);
            southIn = MessageBuffer.of(cur, (ly + 1) * w + 1, lx);
            southOut = MessageBuffer.of(cur, ly * w + 1, lx);
        }

        /** One iteration: start the halo exchange, update the inside, wait, update the edge. */
        void step(final Comm world)
        {
            startExchange(world);
            // Cells 2..lx-1 x 2..ly-1 read no halo cell: compute them while messages travel.
            Grid.relax(cur, next, w, 2, lx, 2, ly);
            Request.waitAll(pending.toArray(new Request[0]));
            pending.clear();
            unpackColumns();
            // The block's outer ring of cells reads the halos that just arrived.
            Grid.relax(cur, next, w, 1, lx + 1, 1, 2);
            Grid.relax(cur, next, w, 1, lx + 1, ly, ly + 1);
            Grid.relax(cur, next, w, 1, 2, 2, ly);
            Grid.relax(cur, next, w, lx, lx + 1, 2, ly);
            final double[] t = cur;
            cur = next;
            next = t;
        }

        private void startExchange(final Comm world)
        {
            // Rows are contiguous: send and receive them in place (lx elements of cur from a row's first cell).
            if (north >= 0)
            {
                pending.add(world.irecv(northIn.wrap(cur, 0 * w + 1, lx), north, TO_SOUTH));
                pending.add(world.isend(northOut.wrap(cur, 1 * w + 1, lx), north, TO_NORTH));
            }
            if (south >= 0)
            {
                pending.add(world.irecv(southIn.wrap(cur, (ly + 1) * w + 1, lx), south, TO_NORTH));
                pending.add(world.isend(southOut.wrap(cur, ly * w + 1, lx), south, TO_SOUTH));
            }
            // Columns are strided: pack them into contiguous buffers first.
            if (west >= 0)
            {
                packColumn(1, westOut);
                pending.add(world.irecv(westInBuf, west, TO_EAST));
                pending.add(world.isend(westOutBuf, west, TO_WEST));
            }
            if (east >= 0)
            {
                packColumn(lx, eastOut);
                pending.add(world.irecv(eastInBuf, east, TO_WEST));
                pending.add(world.isend(eastOutBuf, east, TO_EAST));
            }
        }

        private void packColumn(final int i, final double[] out)
        {
            for (int j = 0; j < ly; j++)
            {
                out[j] = cur[(j + 1) * w + i];
            }
        }

        private void unpackColumns()
        {
            for (int j = 0; j < ly; j++)
            {
                if (west >= 0)
                {
                    cur[(j + 1) * w] = westIn[j];
                }
                if (east >= 0)
                {
                    cur[(j + 1) * w + lx + 1] = eastIn[j];
                }
            }
        }

        /** The block's cells without the halo, row by row. */
        double[] interior()
        {
            final double[] out = new double[lx * ly];
            for (int j = 0; j < ly; j++)
            {
                System.arraycopy(cur, (j + 1) * w + 1, out, j * lx, lx);
            }
            return out;
        }
    }
}
