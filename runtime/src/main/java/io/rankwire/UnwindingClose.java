package io.rankwire;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * Tells whether a {@code close()} (the API's {@code Rankwire.close()}) was called while an exception is on its way out of the
 * caller: from the exceptional path of a try-with-resources statement, as javac compiles it
 * (since JDK 9). There the call to {@code close()} is covered by an exception-table entry of its
 * own, a few bytes long, that catches {@code Throwable} and whose handler adds what it caught to
 * the exception in flight ({@code Throwable.addSuppressed}); the statement's normal path calls
 * {@code close()} outside any such entry. Java offers no other way to see an exception in
 * flight: so the caller's class file is read (once per such close, never on a hot path) and its
 * method's exception table looked at. Anything unexpected (a class file that cannot be read, a
 * caller of another shape) answers no, which keeps {@code close()} as it always was.
 */
final class UnwindingClose
{
    /** Longest protected range around the {@code close()} call that counts as its own (load, invoke, cast). */
    private static final int CALL_RANGE = 8;
    /** How far into the handler the {@code addSuppressed} call is looked for. */
    private static final int HANDLER_SCAN = 16;
    private static final int INVOKEVIRTUAL = 0xB6;

    private UnwindingClose()
    {
    }

    /**
     * Whether the caller of the calling method of {@code closing} (its {@code close()}) is the
     * exceptional path of a try-with-resources.
     */
    static boolean fromExceptionHandler(final Class<?> closing)
    {
        final Optional<StackWalker.StackFrame> caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
            .walk(frames -> frames.dropWhile(f -> f.getDeclaringClass() != closing)
                .dropWhile(f -> f.getDeclaringClass() == closing).findFirst());
        if (caller.isEmpty())
        {
            return false;
        }
        final StackWalker.StackFrame frame = caller.get();
        final Class<?> type = frame.getDeclaringClass();
        try (InputStream in = type.getResourceAsStream("/" + type.getName().replace('.', '/') + ".class"))
        {
            return in != null && inSuppressingRange(new DataInputStream(in), frame.getMethodName(),
                frame.getDescriptor(), frame.getByteCodeIndex());
        }
        catch (final IOException | RuntimeException e)
        {
            return false;
        }
    }

    /**
     * Whether, in the class file {@code in}, the method {@code name}{@code descriptor} has at
     * {@code bci} a call covered by a short {@code Throwable} handler that calls
     * {@code Throwable.addSuppressed}.
     */
    static boolean inSuppressingRange(final DataInputStream in, final String name, final String descriptor, final int bci)
        throws IOException
    {
        if (in.readInt() != 0xCAFEBABE)
        {
            return false;
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        final ConstantPool pool = ConstantPool.read(in);
        in.readUnsignedShort(); // access
        in.readUnsignedShort(); // this
        in.readUnsignedShort(); // super
        in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
        skipMembers(in); // fields
        final int methods = in.readUnsignedShort();
        for (int m = 0; m < methods; m++)
        {
            in.readUnsignedShort();
            final boolean wanted = name.equals(pool.utf8(in.readUnsignedShort())) &
                descriptor.equals(pool.utf8(in.readUnsignedShort()));
            final int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++)
            {
                final String attribute = pool.utf8(in.readUnsignedShort());
                final int length = in.readInt();
                if (!wanted || !"Code".equals(attribute))
                {
                    in.skipNBytes(length);
                    continue;
                }
                in.readUnsignedShort(); // max_stack
                in.readUnsignedShort(); // max_locals
                final byte[] code = in.readNBytes(in.readInt());
                final int entries = in.readUnsignedShort();
                for (int e = 0; e < entries; e++)
                {
                    final int start = in.readUnsignedShort();
                    final int end = in.readUnsignedShort();
                    final int handler = in.readUnsignedShort();
                    final int catchType = in.readUnsignedShort();
                    if (start <= bci && bci < end && end - start <= CALL_RANGE &&
                        "java/lang/Throwable".equals(pool.className(catchType)) && suppresses(code, handler, pool))
                    {
                        return true;
                    }
                }
                return false;
            }
        }
        return false;
    }

    /** Whether the handler at {@code handler} calls {@code Throwable.addSuppressed} within its first bytes. */
    private static boolean suppresses(final byte[] code, final int handler, final ConstantPool pool)
    {
        for (int i = handler; i + 2 < code.length && i < handler + HANDLER_SCAN; i++)
        {
            if ((code[i] & 0xFF) == INVOKEVIRTUAL &&
                pool.isMethod(((code[i + 1] & 0xFF) << 8) | (code[i + 2] & 0xFF), "java/lang/Throwable", "addSuppressed"))
            {
                return true;
            }
        }
        return false;
    }

    private static void skipMembers(final DataInputStream in) throws IOException
    {
        final int count = in.readUnsignedShort();
        for (int i = 0; i < count; i++)
        {
            in.skipNBytes(6);
            final int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++)
            {
                in.readUnsignedShort();
                in.skipNBytes(in.readInt() & 0xFFFFFFFFL);
            }
        }
    }

    /** The parts of a class file's constant pool this reading needs: texts, classes, method references. */
    private static final class ConstantPool
    {
        private final Object[] texts;
        private final int[] first;
        private final int[] second;
        private final byte[] tags;

        private ConstantPool(final int count)
        {
            texts = new Object[count];
            first = new int[count];
            second = new int[count];
            tags = new byte[count];
        }

        static ConstantPool read(final DataInputStream in) throws IOException
        {
            final int count = in.readUnsignedShort();
            final ConstantPool pool = new ConstantPool(count);
            for (int i = 1; i < count; i++)
            {
                final int tag = in.readUnsignedByte();
                pool.tags[i] = (byte)tag;
                switch (tag)
                {
                    case 1 -> pool.texts[i] = in.readUTF();
                    case 7, 8, 16, 19, 20 -> pool.first[i] = in.readUnsignedShort();
                    case 3, 4 -> in.skipNBytes(4);
                    case 5, 6 ->
                    {
                        in.skipNBytes(8);
                        i++;
                    }
                    case 9, 10, 11, 12, 17, 18 ->
                    {
                        pool.first[i] = in.readUnsignedShort();
                        pool.second[i] = in.readUnsignedShort();
                    }
                    case 15 -> in.skipNBytes(3);
                    default -> throw new IOException("constant pool tag " + tag + " (expected: a class file's)");
                }
            }
            return pool;
        }

        String utf8(final int index)
        {
            return index > 0 && index < texts.length && texts[index] instanceof String s ? s : null;
        }

        /** The name of class entry {@code index}; null for 0 (a handler of any exception). */
        String className(final int index)
        {
            return index > 0 && index < tags.length && tags[index] == 7 ? utf8(first[index]) : null;
        }

        boolean isMethod(final int index, final String owner, final String name)
        {
            if (index <= 0 || index >= tags.length || tags[index] != 10)
            {
                return false;
            }
            final int nat = second[index];
            return owner.equals(className(first[index])) && nat > 0 && nat < tags.length && tags[nat] == 12 &&
                name.equals(utf8(first[nat]));
        }
    }
}
