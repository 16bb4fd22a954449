package io.rankwire.bootstrap;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ProtocolException;
import java.net.Socket;
import java.nio.ByteBuffer;

/** One authenticated connection to the bootstrap service: length-prefixed frames over a blocking socket. */
final class BootstrapLink implements AutoCloseable
{
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    BootstrapLink(final Socket socket) throws IOException
    {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    Socket socket()
    {
        return socket;
    }

    void write(final ByteBuffer frame) throws IOException
    {
        out.write(frame.array(), 0, frame.limit());
        out.flush();
    }

    /**
     * The next frame's body, opcode first.
     *
     * @throws ProtocolException if the length field is out of range
     */
    ByteBuffer readFrame(final int max) throws IOException
    {
        final int length = in.readInt();
        if (length < 1 || length > max)
        {
            throw new ProtocolException("frame length : " + length + " (expected: 1.." + max + ")");
        }
        final byte[] body = new byte[length];
        in.readFully(body);
        return ByteBuffer.wrap(body);
    }

    @Override
    public void close()
    {
        try
        {
            socket.close();
        }
        catch (final IOException ignored)
        {
            // closing anyway
        }
    }
}
