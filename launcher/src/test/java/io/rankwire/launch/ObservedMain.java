package io.rankwire.launch;

import io.rankwire.Rankwire;

/**
 * A rank that logs one warning through {@code System.Logger} (as Rankwire's own classes do), then
 * sends {@value #MESSAGES} messages of {@value #BYTES} bytes to the next rank in a ring and
 * receives as many from the previous one.
 */
final class ObservedMain
{
    static final int MESSAGES = 5;
    static final int BYTES = 1000;
    static final String WARNING = "a warning from the application's rank";

    private ObservedMain()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            System.getLogger(ObservedMain.class.getName()).log(System.Logger.Level.WARNING, WARNING);
            System.getLogger(ObservedMain.class.getName()).log(System.Logger.Level.INFO, "an info line");
            final int next = (rw.rank() + 1) % rw.size();
            final int previous = (rw.rank() + rw.size() - 1) % rw.size();
            final byte[] out = new byte[BYTES];
            final byte[] in = new byte[BYTES];
            for (int i = 0; i < MESSAGES; i++)
            {
                final var r = rw.world().irecv(in, 0, BYTES, previous, i);
                rw.world().send(out, 0, BYTES, next, i);
                r.await();
            }
            System.out.println("rank " + rw.rank() + " done");
        }
    }
}
