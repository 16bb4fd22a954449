package io.rankwire.sim;

import java.util.HashMap;
import java.util.Map;

import io.rankwire.spi.TransportContext;

/** The fabrics of running jobs, by job id. */
final class SimFabricRegistry
{
    private static final Map<String, SimFabric> FABRICS = new HashMap<>();

    private SimFabricRegistry()
    {
    }

    static SimTransport open(final TransportContext context)
    {
        final SimFabric fabric;
        synchronized (FABRICS)
        {
            final String jobId = context.jobId();
            SimFabric f = FABRICS.get(jobId);
            if (f == null)
            {
                f = SimFabric.create(context.size(), SimConfig.from(context.settings()));
                final SimFabric created = f;
                f.onAllClosed(() -> remove(jobId, created));
                FABRICS.put(jobId, f);
            }
            else if (f.size() != context.size())
            {
                throw new IllegalArgumentException("size : " + context.size() + " (expected: " + f.size() +
                    ", the size of job " + jobId + ")");
            }
            fabric = f;
        }
        return fabric.open(context.rank(), context::signal);
    }

    private static void remove(final String jobId, final SimFabric fabric)
    {
        synchronized (FABRICS)
        {
            FABRICS.remove(jobId, fabric);
        }
    }

    /** The fabric of a running job, or null. */
    static SimFabric find(final String jobId)
    {
        synchronized (FABRICS)
        {
            return FABRICS.get(jobId);
        }
    }
}
