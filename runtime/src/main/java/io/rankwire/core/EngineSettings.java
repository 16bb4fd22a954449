package io.rankwire.core;

import io.rankwire.progress.Idles;
import io.rankwire.proto.ProtocolSettings;

/**
 * What the engine takes from the rank's configuration, resolved and checked by the API above
 * ({@code RankwireConfig}), so that the engine names no type of the layers above it.
 *
 * @param protocols        what the protocols take (eager limit, credits, buffers)
 * @param idle             how a blocked caller waits ({@code rankwire.idle})
 * @param spinMicros       with {@link Idles.Mode#BACKOFF}: how long a blocked caller polls before it
 *                         yields and parks; -1 takes the transport's {@code idleSpinMicros()}
 *                         ({@code rankwire.idle.spinMicros})
 * @param callTimeoutNanos how long a blocking call waits before it fails; 0: forever
 *                         ({@code rankwire.timeout})
 * @param creditWaitMicros how long a blocking small send without credits polls for them before it
 *                         is copied ({@code rankwire.creditWaitMicros})
 * @param funneled         only the thread that built the engine calls it, which takes no lock
 *                         ({@code rankwire.threads=funneled})
 */
public record EngineSettings(
    ProtocolSettings protocols, Idles.Mode idle, int spinMicros, long callTimeoutNanos, int creditWaitMicros,
    boolean funneled)
{
}
