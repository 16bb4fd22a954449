package io.rankwire.core;

import org.agrona.concurrent.Agent;

/**
 * A rank's progress as an Agrona {@link Agent}, so it can run on any {@code AgentRunner} or be
 * composed with other agents ({@code CompositeAgent}) on one thread, as Aeron's agents are:
 * {@link #doWork()} makes progress once if no other thread is doing so (it never blocks) and
 * returns the work done, for the runner's idle strategy. Like any thread but the application's,
 * it needs the default thread level ({@code rankwire.threads=multiple}).
 */
public final class ProgressAgent implements Agent
{
    private final Engine engine;
    private final String roleName;

    public ProgressAgent(final Engine engine, final String roleName)
    {
        this.engine = engine;
        this.roleName = roleName;
    }

    @Override
    public int doWork()
    {
        return engine.isClosed() ? 0 : engine.progressOnce();
    }

    @Override
    public String roleName()
    {
        return roleName;
    }
}
