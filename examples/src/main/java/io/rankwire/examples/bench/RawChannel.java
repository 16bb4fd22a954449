package io.rankwire.examples.bench;

import java.nio.ByteBuffer;

/**
 * A raw byte pipe between ranks 0 and 1 that bypasses Rankwire, used as the baseline a benchmark
 * compares against. One thread may send while another receives; each direction is used by one
 * thread at a time. Calls move the position and limit of the buffer they are given.
 */
interface RawChannel extends AutoCloseable
{
    /** What the baseline is, for table headers: {@code "raw SocketChannel"}, {@code "raw Agrona ring"}. */
    String name();

    /** Sends {@code buf[0, length)} as one message; blocks until it is handed over. */
    void send(ByteBuffer buf, int length);

    /** Receives one message of {@code length} bytes into {@code buf[0, length)}; blocks until it is in. */
    void recv(ByteBuffer buf, int length);

    @Override
    void close();
}
