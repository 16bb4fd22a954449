package io.rankwire.sim;

import org.agrona.concurrent.ManyToManyConcurrentArrayQueue;

/**
 * A lock-free pool of {@link WireMessage}s shared by the fabric's threads. Empty: a new message
 * is made (counted); full on release: the message is left to the collector.
 */
final class MessagePool
{
    private final ManyToManyConcurrentArrayQueue<WireMessage> free;
    private final int messageCapacity;

    MessagePool(final int poolSize, final int messageCapacity)
    {
        this.free = new ManyToManyConcurrentArrayQueue<>(poolSize);
        this.messageCapacity = messageCapacity;
    }

    WireMessage acquire()
    {
        final WireMessage m = free.poll();
        return m != null ? m : new WireMessage(messageCapacity);
    }

    void release(final WireMessage m)
    {
        free.offer(m);
    }
}
