package io.rankwire.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class ListTableTest
{
    @Test
    void shouldAgreeWithHashMapUnderRandomPutsAndRemoves()
    {
        final SplittableRandom random = new SplittableRandom(42);
        final ListTable<MsgList> table = new ListTable<>();
        final Map<Long, MsgList> reference = new HashMap<>();
        final List<Long> present = new ArrayList<>();
        for (int op = 0; op < 200_000; op++)
        {
            // few distinct keys, many colliding clusters: keys differ only in a few high bits too
            final long key = random.nextBoolean() ? random.nextInt(2_000) : ((long)random.nextInt(64) << 40);
            if (random.nextInt(3) == 0 && !present.isEmpty())
            {
                final Long victim = present.remove(random.nextInt(present.size()));
                table.remove(reference.remove(victim));
            }
            else if (!reference.containsKey(key))
            {
                final MsgList list = new MsgList().init(key, 0);
                table.put(list);
                reference.put(key, list);
                present.add(key);
            }
            assertSame(reference.get(key), table.get(key), "key " + key + " at op " + op);
            assertEquals(reference.size(), table.size());
        }
        for (final Map.Entry<Long, MsgList> entry : reference.entrySet())
        {
            assertSame(entry.getValue(), table.get(entry.getKey()));
        }
        assertNull(table.get(-1L));
    }

    @Test
    void shouldFindEveryListAfterGrowingAndEmptying()
    {
        final ListTable<RecvList> table = new ListTable<>();
        final RecvList[] lists = new RecvList[10_000];
        for (int i = 0; i < lists.length; i++)
        {
            lists[i] = new RecvList().init(i * 1_048_576L, 0);
            table.put(lists[i]);
        }
        for (int i = 0; i < lists.length; i++)
        {
            assertSame(lists[i], table.get(i * 1_048_576L));
        }
        for (int i = 0; i < lists.length; i += 2)
        {
            table.remove(lists[i]);
        }
        for (int i = 0; i < lists.length; i++)
        {
            assertEquals(i % 2 == 0 ? null : lists[i], table.get(i * 1_048_576L));
        }
        for (int i = 1; i < lists.length; i += 2)
        {
            table.remove(lists[i]);
        }
        assertEquals(0, table.size());
        assertNull(table.get(0L));
    }
}
