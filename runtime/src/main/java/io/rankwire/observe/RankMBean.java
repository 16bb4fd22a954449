package io.rankwire.observe;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * One rank's counters as a read-only MBean in the platform MBean server, named
 * {@code io.rankwire:type=Rank,rank=N} (with {@code ,job=ID} added when that name is taken, by
 * another job's rank N in the same JVM): an attribute per counter of {@code Rankwire.stats()}
 * ({@code MessagesSent}, {@code BytesReceived}, {@code UnexpectedBytesHighWater}, ...), each a
 * {@code long}, plus {@code Rank}, {@code Size}, {@code Transport} and {@code Job}. Each read takes a fresh
 * snapshot.
 */
public final class RankMBean implements DynamicMBean
{
    /** The MBeans' domain. */
    public static final String DOMAIN = "io.rankwire";

    private final int rank;
    private final int size;
    private final String transport;
    private final String jobId;
    private final Supplier<Map<String, Long>> counters;
    private final MBeanInfo info;
    private ObjectName name;

    private RankMBean(
        final int rank, final int size, final String transport, final String jobId, final Supplier<Map<String, Long>> counters)
    {
        this.jobId = jobId;
        this.rank = rank;
        this.size = size;
        this.transport = transport;
        this.counters = counters;
        final List<MBeanAttributeInfo> attributes = new ArrayList<>();
        attributes.add(new MBeanAttributeInfo("Rank", "int", "this rank", true, false, false));
        attributes.add(new MBeanAttributeInfo("Size", "int", "ranks in the job", true, false, false));
        attributes.add(new MBeanAttributeInfo("Transport", "java.lang.String", "the configured transport", true, false, false));
        attributes.add(new MBeanAttributeInfo("Job", "java.lang.String", "the job's id", true, false, false));
        for (final String counter : counters.get().keySet())
        {
            attributes.add(new MBeanAttributeInfo(attributeName(counter), "long", counter, true, false, false));
        }
        this.info = new MBeanInfo(RankMBean.class.getName(), "A Rankwire rank's counters",
            attributes.toArray(new MBeanAttributeInfo[0]), null, null, null);
    }

    /**
     * Registers a rank's MBean.
     *
     * @param counters the counters by name ({@code messagesSent}, ...), a fresh snapshot per call;
     *                 the names of the first call are the attributes
     * @return the registration, to close when the rank closes
     * @throws IllegalStateException if the platform MBean server refuses it
     */
    public static RankMBean register(
        final int rank, final int size, final String transport, final String jobId, final Supplier<Map<String, Long>> counters)
    {
        final RankMBean bean = new RankMBean(rank, size, transport, jobId, counters);
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try
        {
            final ObjectName plain = new ObjectName(DOMAIN + ":type=Rank,rank=" + rank);
            try
            {
                bean.name = server.registerMBean(bean, plain).getObjectName();
            }
            catch (final InstanceAlreadyExistsException e)
            {
                final ObjectName withJob = new ObjectName(plain + ",job=" + ObjectName.quote(jobId));
                bean.name = server.registerMBean(bean, withJob).getObjectName();
            }
        }
        catch (final JMException e)
        {
            throw new IllegalStateException("cannot register the MBean of rank " + rank + ": " + e, e);
        }
        return bean;
    }

    /** The name it is registered under. */
    public ObjectName name()
    {
        return name;
    }

    /** Unregisters it; idempotent. */
    public void unregister()
    {
        try
        {
            final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(name))
            {
                server.unregisterMBean(name);
            }
        }
        catch (final JMException e)
        {
            // gone already
        }
    }

    /** {@code messagesSent} is {@code MessagesSent}. */
    static String attributeName(final String counter)
    {
        return Character.toUpperCase(counter.charAt(0)) + counter.substring(1);
    }

    @Override
    public Object getAttribute(final String attribute) throws AttributeNotFoundException
    {
        switch (attribute)
        {
            case "Rank":
                return rank;
            case "Size":
                return size;
            case "Transport":
                return transport;
            case "Job":
                return jobId;
            default:
                break;
        }
        if (!attribute.isEmpty())
        {
            final String counter = Character.toLowerCase(attribute.charAt(0)) + attribute.substring(1);
            final Long value = counters.get().get(counter);
            if (value != null)
            {
                return value;
            }
        }
        throw new AttributeNotFoundException(attribute + " : no such attribute of " + name);
    }

    @Override
    public void setAttribute(final Attribute attribute)
    {
        throw new UnsupportedOperationException("attributes of " + name + " are read-only");
    }

    @Override
    public AttributeList getAttributes(final String[] attributes)
    {
        final AttributeList list = new AttributeList();
        for (final String a : attributes)
        {
            try
            {
                list.add(new Attribute(a, getAttribute(a)));
            }
            catch (final AttributeNotFoundException e)
            {
                // left out, as the interface asks
            }
        }
        return list;
    }

    @Override
    public AttributeList setAttributes(final AttributeList attributes)
    {
        return new AttributeList();
    }

    @Override
    public Object invoke(final String actionName, final Object[] params, final String[] signature)
    {
        throw new UnsupportedOperationException("no operations on " + name);
    }

    @Override
    public MBeanInfo getMBeanInfo()
    {
        return info;
    }
}
