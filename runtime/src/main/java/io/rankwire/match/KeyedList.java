package io.rankwire.match;

/**
 * A list that carries its own hash key, so a {@link ListTable} stores only list references and
 * one probe touches the slot array and the list the caller needs anyway.
 */
abstract class KeyedList
{
    long key;
}
