package io.rankwire;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link UnwindingClose} tells the exceptional path of a try-with-resources (an exception on its
 * way out) from its normal path and from a plain call, by the caller's exception table at the
 * call's bytecode index, which a resource here records as it is closed.
 */
class UnwindingCloseTest
{
    /** Records where its close() was called from. */
    private static final class Resource implements AutoCloseable
    {
        StackWalker.StackFrame caller;

        @Override
        public void close()
        {
            caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(s -> s.skip(1).findFirst()).orElseThrow();
        }
    }

    private static boolean suppressing(final StackWalker.StackFrame frame) throws IOException
    {
        try (InputStream in = UnwindingCloseTest.class.getResourceAsStream("UnwindingCloseTest.class"))
        {
            return UnwindingClose.inSuppressingRange(new DataInputStream(in), frame.getMethodName(),
                frame.getDescriptor(), frame.getByteCodeIndex());
        }
    }

    private static void normally(final Resource r)
    {
        try (Resource resource = r)
        {
            resource.caller = null;
        }
    }

    private static void throwing(final Resource r)
    {
        try (Resource resource = r)
        {
            resource.caller = null;
            throw new IllegalStateException("on its way out");
        }
    }

    private static void plainly(final Resource r)
    {
        try
        {
            r.close();
        }
        catch (final RuntimeException e)
        {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void shouldTellTheExceptionalPathOfTryWithResources() throws IOException
    {
        final Resource r = new Resource();
        assertThrows(IllegalStateException.class, () -> throwing(r));
        assertTrue(suppressing(r.caller), r.caller::toString);
    }

    @Test
    void shouldNotTakeTheNormalPathOrAPlainCallForIt() throws IOException
    {
        final Resource normal = new Resource();
        normally(normal);
        assertFalse(suppressing(normal.caller), normal.caller::toString);
        final Resource plain = new Resource();
        plainly(plain);
        assertFalse(suppressing(plain.caller), plain.caller::toString);
    }

    @Test
    void shouldAnswerNoWhenNotCalledFromRankwireClose()
    {
        assertFalse(UnwindingClose.fromExceptionHandler(Rankwire.class));
    }
}
