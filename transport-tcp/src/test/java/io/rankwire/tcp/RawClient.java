package io.rankwire.tcp;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** A plain blocking socket speaking (or abusing) the frame format, for refusal and fuzz tests. */
final class RawClient implements AutoCloseable
{
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    RawClient(final InetSocketAddress address) throws IOException
    {
        socket = new Socket();
        socket.connect(address, 10_000);
        socket.setSoTimeout(20_000);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    static byte[] hello(final String jobId, final int rank, final int target, final byte[] nonce)
    {
        final byte[] job = jobId.getBytes(StandardCharsets.UTF_8);
        final ByteBuffer frame = ByteBuffer.allocate(Frames.HEADER + Frames.HELLO_FIXED + job.length);
        frame.putInt(1 + Frames.HELLO_FIXED + job.length).put(Frames.HELLO);
        frame.putInt(Frames.MAGIC).putShort((short)Frames.VERSION).putInt(rank).putInt(target).put(nonce);
        frame.putShort((short)job.length).put(job);
        return frame.array();
    }

    static byte[] frame(final byte type, final byte[] body)
    {
        return ByteBuffer.allocate(Frames.HEADER + body.length).putInt(1 + body.length).put(type).put(body).array();
    }

    void write(final byte[] bytes) throws IOException
    {
        out.write(bytes);
        out.flush();
    }

    /** The next frame's type and body as {type, body...}, or null at end of stream (the server closed). */
    byte[] readFrame() throws IOException
    {
        final int length;
        try
        {
            length = in.readInt();
        }
        catch (final EOFException e)
        {
            return null;
        }
        final byte[] frame = new byte[length];
        in.readFully(frame);
        return frame;
    }

    /** True when the server closed the connection (end of stream or reset) before sending anything more. */
    boolean closedByServer() throws IOException
    {
        try
        {
            return in.read() == -1;
        }
        catch (final java.net.SocketException e)
        {
            return true;
        }
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }
}
