package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.junit.jupiter.api.Test;

import io.rankwire.LocalJob;
import io.rankwire.RankStats;
import io.rankwire.RankwireConfig;

/**
 * Each rank's counters as an MBean of the platform MBean server, {@code io.rankwire:type=Rank,rank=N},
 * from init to close, read the way a JMX console reads them.
 */
class RankMBeanTest
{
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    @Test
    void shouldExposeEachRanksCountersWhileTheJobRuns() throws Exception
    {
        final Set<ObjectName> names = ConcurrentHashMap.newKeySet();
        LocalJob.run(2, "sim", new RankwireConfig(), rw ->
        {
            final byte[] buf = new byte[1000];
            for (int i = 0; i < 3; i++)
            {
                if (rw.rank() == 0)
                {
                    rw.world().send(buf, 0, buf.length, 1, 5);
                }
                else
                {
                    rw.world().recv(buf, 0, buf.length, 0, 5);
                }
            }
            final ObjectName name = registered(rw.rank(), rw.config().jobId());
            names.add(name);
            assertEquals(rw.rank(), SERVER.getAttribute(name, "Rank"));
            assertEquals(2, SERVER.getAttribute(name, "Size"));
            assertEquals("sim", SERVER.getAttribute(name, "Transport"));
            final RankStats stats = rw.stats();
            final long sent = (Long)SERVER.getAttribute(name, "MessagesSent");
            final long received = (Long)SERVER.getAttribute(name, "MessagesReceived");
            assertEquals(stats.messagesSent(), sent);
            assertEquals(stats.messagesReceived(), received);
            if (rw.rank() == 0)
            {
                assertTrue(sent >= 3, "sent " + sent);
                assertTrue((Long)SERVER.getAttribute(name, "BytesSent") >= 3000L);
            }
            else
            {
                assertTrue(received >= 3, "received " + received);
                assertTrue((Long)SERVER.getAttribute(name, "BytesReceived") >= 3000L);
            }
            for (final String counter : stats.asMap().keySet())
            {
                final String attribute = Character.toUpperCase(counter.charAt(0)) + counter.substring(1);
                assertTrue(SERVER.getAttribute(name, attribute) instanceof Long, attribute);
            }
        });
        assertEquals(2, names.size(), names::toString);
        for (final ObjectName name : names)
        {
            assertFalse(SERVER.isRegistered(name), name + " is unregistered at close");
        }
    }

    @Test
    void shouldRegisterNothingWhenJmxIsOff() throws Exception
    {
        final ObjectName pattern = new ObjectName("io.rankwire:type=Rank,*");
        final Set<ObjectName> before = SERVER.queryNames(pattern, null);
        LocalJob.run(1, "sim", new RankwireConfig().set("rankwire.jmx", "false"), rw ->
            assertEquals(before, SERVER.queryNames(pattern, null), "no MBean for a rank with rankwire.jmx=false"));
    }

    /**
     * The rank's MBean once registered (in the background after init): the plain name, or the
     * one with the job when another job holds the plain one.
     */
    private static ObjectName registered(final int rank, final String jobId) throws Exception
    {
        final ObjectName plain = new ObjectName("io.rankwire:type=Rank,rank=" + rank);
        final ObjectName withJob = new ObjectName(plain + ",job=" + ObjectName.quote(jobId));
        while (true)
        {
            if (SERVER.isRegistered(withJob))
            {
                return withJob;
            }
            if (SERVER.isRegistered(plain) && jobId.equals(SERVER.getAttribute(plain, "Job")))
            {
                return plain;
            }
            Thread.sleep(10); // the job's timeout bounds the wait
        }
    }
}
