package io.rankwire.sim;

/** Padding laid out in front of {@link NicLockState#state} (see {@link NicLock}). */
class NicLockPadding
{
    @SuppressWarnings("unused")
    private long p01, p02, p03, p04, p05, p06, p07;
}
