package io.rankwire.launch;

/** A rank that never ends. */
final class HangingMain
{
    private HangingMain()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        System.out.println("hanging");
        Thread.sleep(Long.MAX_VALUE);
    }
}
