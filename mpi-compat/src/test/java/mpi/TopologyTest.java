package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Process topologies and neighbour collectives, after the examples of MPI 4.1 chapter 8. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TopologyTest
{
    @Test
    void shouldCreateBalancedDimensionsAsTheStandardsExamples()
    {
        final int[] a = {0, 0};
        CartComm.createDims(6, a);
        assertArrayEquals(new int[] {3, 2}, a);
        final int[] b = {0, 0};
        CartComm.createDims(7, b);
        assertArrayEquals(new int[] {7, 1}, b);
        final int[] c = {0, 3, 0};
        CartComm.createDims(6, c);
        assertArrayEquals(new int[] {2, 3, 1}, c);
        assertEquals(MPI.ERR_DIMS, assertThrows(MPIException.class, () -> CartComm.createDims(7, new int[] {0, 3, 0})).getErrorClass());
        final int[] d = {0, 0, 0};
        CartComm.createDims(12, d);
        assertArrayEquals(new int[] {3, 2, 2}, d);
        final int[] e = {0, 0, 0, 0};
        CartComm.createDims(16, e);
        assertArrayEquals(new int[] {2, 2, 2, 2}, e);
        final int[] f = {0, 0};
        CartComm.createDims(36, f);
        assertArrayEquals(new int[] {6, 6}, f);
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldShiftAlongACartesianGrid(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final int[] dims = {0, 0};
            CartComm.createDims(n, dims);
            final CartComm grid = w.createCart(dims, new boolean[] {true, false}, true);
            assertEquals(MPI.CART, grid.getTopology());
            final CartParms p = grid.getTopo();
            assertEquals(2, p.getDimCount());
            assertTrue(p.getPeriod(0));
            assertFalse(p.getPeriod(1));
            final int[] me = grid.getCoords(grid.getRank());
            assertEquals(me[0], p.getCoord(0));
            assertEquals(grid.getRank(), grid.getRank(me));
            assertEquals(grid.getRank(new int[] {me[0], me[1]}), grid.getRank(new int[] {me[0] + dims[0], me[1]}), "periodic wrap");
            final ShiftParms down = grid.shift(0, 1);
            assertEquals(grid.getRank(new int[] {me[0] + 1, me[1]}), down.getRankDest());
            assertEquals(grid.getRank(new int[] {me[0] - 1, me[1]}), down.getRankSource());
            final ShiftParms right = grid.shift(1, 1);
            assertEquals(me[1] == dims[1] - 1 ? MPI.PROC_NULL : grid.getRank(new int[] {me[0], me[1] + 1}), right.getRankDest());
            assertEquals(me[1] == 0 ? MPI.PROC_NULL : grid.getRank(new int[] {me[0], me[1] - 1}), right.getRankSource());
            final int[] a = {grid.getRank()};
            grid.sendRecvReplace(a, 1, MPI.INT, down.getRankDest(), 0, down.getRankSource(), 0);
            assertEquals(down.getRankSource(), a[0], "the standard's shift example: data moves one step along dimension 0");
            final int[] edge = {grid.getRank()};
            grid.sendRecvReplace(edge, 1, MPI.INT, right.getRankDest(), 1, right.getRankSource(), 1);
            assertEquals(me[1] == 0 ? grid.getRank() : right.getRankSource(), edge[0], "nothing arrives past the edge");
            assertEquals(MPI.ERR_DIMS, assertThrows(MPIException.class, () -> grid.shift(2, 1)).getErrorClass());
            if (dims[1] > 1)
            {
                assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> grid.getRank(new int[] {0, dims[1]})).getErrorClass());
            }
            final CartComm row = grid.sub(new boolean[] {false, true});
            assertEquals(dims[1], row.getSize());
            assertEquals(me[1], row.getRank());
            final int[] sum = new int[1];
            row.allReduce(new int[] {me[1]}, sum, 1, MPI.INT, MPI.SUM);
            assertEquals(dims[1] * (dims[1] - 1) / 2, sum[0]);
            final CartComm rowFromLonger = grid.sub(new boolean[] {false, true, true, false});
            assertEquals(dims[1], rowFromLonger.getSize(), "entries past the grid's dimensions are not read, as in Open MPI");
            assertEquals(me[1], rowFromLonger.getRank());
            rowFromLonger.free();
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> grid.sub(new boolean[] {true})).getErrorClass());
            final CartComm copy = grid.dup();
            assertEquals(MPI.CART, copy.getTopology());
            assertEquals(dims[0], copy.getTopo().getDim(0));
            assertEquals(grid.getRank(), grid.map(dims, new boolean[] {true, false}));
            final CartComm smaller = w.createCart(new int[] {n - 1}, new boolean[] {false}, false);
            assertEquals(rank == n - 1, smaller.isNull(), "processes outside the grid get MPI_COMM_NULL");
            assertEquals(MPI.ERR_DIMS, assertThrows(MPIException.class,
                () -> w.createCart(new int[] {n + 1}, new boolean[] {false}, false)).getErrorClass());
            copy.free();
            row.free();
            grid.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldExchangeWithCartesianNeighbours(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final CartComm ring = w.createCart(new int[] {n}, new boolean[] {true}, false);
            final int left = (rank + n - 1) % n;
            final int right = (rank + 1) % n;
            final int[] both = new int[2];
            ring.neighborAllGather(new int[] {rank}, 1, MPI.INT, both, 1, MPI.INT);
            assertArrayEquals(new int[] {left, right}, both);
            final int[] blocks = new int[2];
            ring.neighborAllToAll(new int[] {10 * rank, 10 * rank + 1}, 1, MPI.INT, blocks, 1, MPI.INT);
            assertArrayEquals(new int[] {10 * left + 1, 10 * right}, blocks,
                "a block sent forward lands in the receiver's back slot, also when both neighbours are one process");
            final CartComm line = w.createCart(new int[] {n}, new boolean[] {false}, false);
            final int[] edges = {-1, -1};
            line.neighborAllGather(new int[] {rank}, 1, MPI.INT, edges, 1, MPI.INT);
            assertArrayEquals(new int[] {rank == 0 ? -1 : rank - 1, rank == n - 1 ? -1 : rank + 1}, edges,
                "blocks of PROC_NULL neighbours are not written");
            final int[] varied = new int[3];
            line.neighborAllToAllv(new int[] {rank, rank, rank}, new int[] {1, 2}, new int[] {0, 1}, MPI.INT,
                varied, new int[] {2, 1}, new int[] {0, 2}, MPI.INT);
            assertEquals(rank == 0 ? 0 : rank - 1, varied[1], "the back neighbour's forward block (2 items) at 0");
            assertEquals(rank == n - 1 ? 0 : rank + 1, varied[2], "the forward neighbour's back block (1 item) at 2");
            assertEquals(null, ring.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG), "neighbour traffic is not on the user's communicator");
            final int[] mine = new int[1];
            ring.send(new int[] {rank}, 1, MPI.INT, ring.getRank(), 5);
            assertEquals(5, ring.recv(mine, 1, MPI.INT, ring.getRank(), MPI.ANY_TAG).getTag());
            assertEquals(rank, mine[0]);
            assertEquals(MPI.ERR_TOPOLOGY, assertThrows(MPIException.class,
                () -> w.neighborAllGather(new int[1], 1, MPI.INT, new int[2], 1, MPI.INT)).getErrorClass());
            ring.free();
            line.free();
        });
    }

    /**
     * The nonblocking neighbour collectives: several outstanding on one communicator at once (and a
     * blocking one started between them), completed together in another order, on a periodic ring
     * (where a process can be both neighbours of another), a line (PROC_NULL ends), a 2-D torus
     * with a strided column type, a star graph and a distributed graph.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldOverlapNonblockingNeighbourCollectives(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final CartComm ring = w.createCart(new int[] {n}, new boolean[] {true}, false);
            final CartComm line = w.createCart(new int[] {n}, new boolean[] {false}, false);
            final int left = (rank + n - 1) % n;
            final int right = (rank + 1) % n;
            final int[] both = new int[2];
            final int[] blocks = new int[2];
            final int[] edges = {-1, -1};
            final int[] varied = {-1, -1, -1};
            final Request[] reqs = {
                ring.iNeighborAllGather(new int[] {rank}, 1, MPI.INT, both, 1, MPI.INT),
                ring.iNeighborAllToAll(new int[] {10 * rank, 10 * rank + 1}, 1, MPI.INT, blocks, 1, MPI.INT),
                line.iNeighborAllGatherv(new int[] {rank}, 1, MPI.INT, edges, new int[] {1, 1, 9}, new int[] {0, 1, 9}, MPI.INT),
                line.iNeighborAllToAllv(new int[] {rank, rank, rank}, new int[] {1, 2}, new int[] {0, 1}, MPI.INT,
                    varied, new int[] {2, 1}, new int[] {0, 2}, MPI.INT),
            };
            final int[] blocking = new int[2];
            ring.neighborAllGather(new int[] {-rank}, 1, MPI.INT, blocking, 1, MPI.INT);
            Request.waitAll(new Request[] {reqs[3], reqs[1], reqs[2], reqs[0]});
            assertArrayEquals(new int[] {-left, -right}, blocking);
            assertArrayEquals(new int[] {left, right}, both);
            assertArrayEquals(new int[] {10 * left + 1, 10 * right}, blocks,
                "a block sent forward lands in the receiver's back slot, also when both neighbours are one process");
            assertArrayEquals(new int[] {rank == 0 ? -1 : rank - 1, rank == n - 1 ? -1 : rank + 1}, edges,
                "blocks of PROC_NULL neighbours are not written");
            assertEquals(rank == 0 ? -1 : rank - 1, varied[1], "the back neighbour's forward block (2 items) at 0");
            assertEquals(rank == n - 1 ? -1 : rank + 1, varied[2], "the forward neighbour's back block (1 item) at 2");
            // a 2 x (n/2) torus (or n x 1): each process sends column 0 of a 3 x 2 matrix (a strided type) to every neighbour
            final int[] dims = new int[2];
            CartComm.createDims(n, dims);
            final CartComm torus = w.createCart(dims, new boolean[] {true, true}, false);
            final Datatype column = Datatype.createVector(3, 1, 2, MPI.INT);
            column.commit();
            final int[] matrix = {rank, -1, rank + 100, -1, rank + 200, -1};
            final int[] halo = new int[4 * 3 + 1];
            halo[12] = -5;
            torus.iNeighborAllToAll(new int[] {0}, 0, MPI.INT, new int[0], 0, MPI.INT).waitFor();
            torus.iNeighborAllGather(matrix, 1, column, halo, 3, MPI.INT).waitFor();
            final int[] coords = torus.getCoords(rank);
            for (int d = 0; d < 2; d++)
            {
                final ShiftParms sp = torus.shift(d, 1);
                final int[] from = {sp.getRankSource(), sp.getRankDest()};
                for (int k = 0; k < 2; k++)
                {
                    assertEquals(from[k], halo[(2 * d + k) * 3], "dimension " + d + ", neighbour " + k + " of " + java.util.Arrays.toString(coords));
                    assertEquals(from[k] + 200, halo[(2 * d + k) * 3 + 2]);
                }
            }
            assertEquals(-5, halo[12]);
            column.free();
            final GraphComm adjacent = w.createDistGraphAdjacent(new int[] {(rank + n - 1) % n}, new int[] {(rank + 1) % n},
                MPI.INFO_NULL, false);
            final int[] fromBack = new int[1];
            final Request a = adjacent.iNeighborAllToAll(new int[] {rank + 1000}, 1, MPI.INT, fromBack, 1, MPI.INT);
            while (!a.test())
            {
                Thread.onSpinWait();
            }
            assertEquals((rank + n - 1) % n + 1000, fromBack[0]);
            assertEquals(MPI.ERR_TOPOLOGY, assertThrows(MPIException.class,
                () -> w.iNeighborAllGather(new int[1], 1, MPI.INT, new int[2], 1, MPI.INT)).getErrorClass());
            ring.free();
            line.free();
            torus.free();
            adjacent.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldBuildGraphsAndDistributedGraphs(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final int[] index = new int[n];
            final int[] edges = new int[2 * (n - 1)];
            for (int r = 0, e = 0; r < n; r++)
            {
                if (r == 0)
                {
                    for (int k = 1; k < n; k++)
                    {
                        edges[e++] = k;
                    }
                }
                else
                {
                    edges[e++] = 0;
                }
                index[r] = e;
            }
            final GraphComm star = w.createGraph(index, edges, false);
            assertEquals(MPI.GRAPH, star.getTopology());
            assertEquals(n, star.getDims().getIndexCount());
            assertEquals(2 * (n - 1), star.getDims().getEdgeCount());
            assertArrayEquals(rank == 0 ? java.util.stream.IntStream.range(1, n).toArray() : new int[] {0}, star.getNeighbors(rank));
            final int[] heard = new int[rank == 0 ? n - 1 : 1];
            star.neighborAllGather(new int[] {100 + rank}, 1, MPI.INT, heard, 1, MPI.INT);
            for (int k = 0; k < heard.length; k++)
            {
                assertEquals(rank == 0 ? 100 + k + 1 : 100, heard[k]);
            }
            assertEquals(MPI.ERR_TOPOLOGY, assertThrows(MPIException.class, star::getDistGraphNeighbors).getErrorClass());
            final GraphComm ring = w.createDistGraph(new int[] {rank}, new int[] {1}, new int[] {(rank + 1) % n},
                new int[] {rank}, MPI.INFO_NULL, false);
            assertEquals(MPI.DIST_GRAPH, ring.getTopology());
            final DistGraphNeighbors nb = ring.getDistGraphNeighbors();
            assertTrue(nb.isWeighted());
            assertEquals(1, nb.getInDegree());
            assertEquals(1, nb.getOutDegree());
            assertEquals((rank + n - 1) % n, nb.getSource(0));
            assertEquals((rank + n - 1) % n, nb.getSourceWeight(0));
            assertEquals((rank + 1) % n, nb.getDestination(0));
            assertEquals(rank, nb.getDestinationWeight(0));
            final int[] got = new int[1];
            ring.neighborAllGather(new int[] {rank * 3}, 1, MPI.INT, got, 1, MPI.INT);
            assertEquals(((rank + n - 1) % n) * 3, got[0]);
            assertEquals(MPI.ERR_TOPOLOGY, assertThrows(MPIException.class, ring::getDims).getErrorClass());
            final GraphComm ringFromLonger = w.createDistGraph(new int[] {rank}, new int[] {1, 7, 7}, new int[] {(rank + 1) % n},
                null, MPI.INFO_NULL, false);
            assertEquals(1, ringFromLonger.getDistGraphNeighbors().getOutDegree(), "degrees past sources.length are not read");
            ringFromLonger.free();
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> w.createDistGraph(new int[] {rank, rank}, new int[] {1},
                new int[] {rank, rank}, null, MPI.INFO_NULL, false)).getErrorClass());
            final GraphComm byZero = w.createDistGraph(rank == 0 ? java.util.stream.IntStream.range(0, n).toArray() : new int[0],
                rank == 0 ? filled(n, 1) : new int[0], rank == 0 ? filled(n, 0) : new int[0], MPI.INFO_NULL, false);
            final DistGraphNeighbors toZero = byZero.getDistGraphNeighbors();
            assertFalse(toZero.isWeighted());
            assertEquals(rank == 0 ? n : 0, toZero.getInDegree(), "rank 0 named every edge; each reached both ends");
            assertEquals(1, toZero.getOutDegree());
            final GraphComm adjacent = w.createDistGraphAdjacent(new int[] {(rank + n - 1) % n}, new int[] {(rank + 1) % n},
                MPI.INFO_NULL, false);
            final int[] fromBack = new int[1];
            adjacent.neighborAllToAll(new int[] {rank + 1000}, 1, MPI.INT, fromBack, 1, MPI.INT);
            assertEquals((rank + n - 1) % n + 1000, fromBack[0]);
            star.free();
            ring.free();
            byZero.free();
            adjacent.free();
        });
    }

    private static int[] filled(final int n, final int v)
    {
        final int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
