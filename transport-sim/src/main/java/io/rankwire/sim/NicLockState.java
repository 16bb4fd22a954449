package io.rankwire.sim;

/** The word of a {@link NicLock}: 0 free, 1 held. */
class NicLockState extends NicLockPadding
{
    volatile int state;
}
