package io.rankwire.core;

import java.util.Map;

import io.rankwire.RankStats;
import io.rankwire.proto.ProtocolCounters;

/** Builds the API's {@link RankStats} from the protocols' counters and the engine's own. */
final class Counters
{
    private Counters()
    {
    }

    static RankStats snapshot(final ProtocolCounters c, final long creditWaits, final Map<String, Long> transportCounters)
    {
        final long[] ops = c.listOperations();
        final long[] buffer = c.sendBuffer();
        final long[] messages = c.messages();
        return RankStats.builder()
            .messages(messages[0], messages[1], messages[2], messages[3])
            .unexpectedBytes(c.unexpectedBytes(), c.unexpectedBytesHighWater(), c.unexpectedBytesBound())
            .unexpectedMessages(c.unexpectedMessages())
            .matches(c.hardwareMatches(), c.softwareMatches())
            .backPressured(c.backPressured())
            .activeOperations(c.activeTransfers())
            .listOperations(ops[0], ops[1], ops[2], ops[3])
            .sendBuffer(buffer[0], buffer[1], buffer[2], buffer[3], buffer[4])
            .credits(c.creditRequests(), creditWaits)
            .transportCounters(transportCounters)
            .build();
    }
}
