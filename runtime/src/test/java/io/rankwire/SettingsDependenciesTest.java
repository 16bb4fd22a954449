package io.rankwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The settings read one way: {@link RankwireConfig} reads the runtime's descriptors, which name
 * nothing of it, and the descriptor package names nothing of Rankwire; the engine takes its
 * settings as a value of its own layer.
 */
class SettingsDependenciesTest
{
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses()
    {
        classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("io.rankwire");
    }

    private static String topLevel(final JavaClass c)
    {
        final String name = c.getName();
        final int dollar = name.indexOf('$');
        return dollar < 0 ? name : name.substring(0, dollar);
    }

    @Test
    void shouldLeaveRankwireConfigInNoLoopOfFiles()
    {
        final Map<String, Set<String>> graph = new HashMap<>();
        for (final JavaClass c : classes)
        {
            for (final Dependency d : c.getDirectDependenciesFromSelf())
            {
                if (d.getTargetClass().getPackageName().startsWith("io.rankwire"))
                {
                    graph.computeIfAbsent(topLevel(c), k -> new TreeSet<>()).add(topLevel(d.getTargetClass()));
                }
            }
        }
        for (final Set<String> component : StronglyConnected.components(graph))
        {
            assertTrue(!component.contains(RankwireConfig.class.getName()) || component.size() == 1,
                () -> "RankwireConfig depends on files that depend on it: " + component);
        }
    }

    @Test
    void shouldKeepTheDescriptorPackageALeafAndTheEngineBelowTheApi()
    {
        final Set<String> wrong = new TreeSet<>();
        for (final JavaClass c : classes)
        {
            for (final Dependency d : c.getDirectDependenciesFromSelf())
            {
                final String to = d.getTargetClass().getPackageName();
                final String from = c.getPackageName();
                if (from.equals("io.rankwire.settings") && to.startsWith("io.rankwire") && !to.equals(from))
                {
                    wrong.add(c.getName() + " uses " + d.getTargetClass().getName());
                }
                if (from.startsWith("io.rankwire.core") && topLevel(d.getTargetClass()).equals(RankwireConfig.class.getName()))
                {
                    wrong.add(c.getName() + " uses " + d.getTargetClass().getName());
                }
            }
        }
        assertEquals(Set.of(), wrong);
    }
}
