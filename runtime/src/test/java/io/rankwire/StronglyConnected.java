package io.rankwire;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Tarjan's strongly connected components of a directed graph given as adjacency sets. */
final class StronglyConnected
{
    private final Map<String, Set<String>> graph;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<Set<String>> components = new ArrayList<>();
    private int next;

    private StronglyConnected(final Map<String, Set<String>> graph)
    {
        this.graph = graph;
    }

    /** The components of more than one node. */
    static List<Set<String>> components(final Map<String, Set<String>> graph)
    {
        final StronglyConnected s = new StronglyConnected(graph);
        for (final String v : graph.keySet())
        {
            if (!s.index.containsKey(v))
            {
                s.visit(v);
            }
        }
        return s.components;
    }

    private void visit(final String v)
    {
        index.put(v, next);
        low.put(v, next);
        next++;
        stack.push(v);
        onStack.add(v);
        for (final String w : graph.getOrDefault(v, Set.of()))
        {
            if (!index.containsKey(w))
            {
                visit(w);
                low.put(v, Math.min(low.get(v), low.get(w)));
            }
            else if (onStack.contains(w))
            {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v)))
        {
            final Set<String> component = new TreeSet<>();
            String w;
            do
            {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            }
            while (!w.equals(v));
            if (component.size() > 1)
            {
                components.add(component);
            }
        }
    }
}
