package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.Generate.oneOf;
import static org.quicktheories.generators.Generate.pick;
import static org.quicktheories.generators.Generate.range;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

class AttributePathTest {
    record Stats(long likes) {
    }

    record Doc(String title, Stats stats) {
    }

    static final class NotARecord {
        String title() {
            return "";
        }
    }

    /** Text over the characters that matter to the grammar. */
    static Gen<String> text() {
        Gen<Character> chars = pick(List.of('a', 'b', '.', '[', ']', '0', '1', '9', 'x', '-', ' ', '#'));
        return lists().of(chars).ofSizeBetween(0, 12)
                .map(cs -> cs.stream().map(String::valueOf).reduce("", String::concat));
    }

    /** Paths built step by step: a name, then names and indexes. */
    static Gen<AttributePath> paths() {
        Gen<String> names = pick(List.of("a", "title", "stats", "x-y", "with space", "#kp", "ünï"));
        Gen<Object> steps = oneOf(names.map(n -> (Object) n), range(0, 1_000_000).map(i -> (Object) i));
        return names.zip(lists().of(steps).ofSizeBetween(0, 5), (first, rest) -> {
            AttributePath p = AttributePath.parse(first);
            for (Object s : rest) {
                p = s instanceof Integer i ? p.index(i) : p.then((String) s);
            }
            return p;
        });
    }

    @Test
    void anyTextParsesToAPathThatPrintsBackOrFailsTypedNamingIt() {
        qt().withExamples(5000).forAll(text()).checkAssert(t -> {
            AttributePath p;
            try {
                p = AttributePath.parse(t);
            } catch (InvalidUpdateException e) {
                assertThat(e.path()).contains(t);
                assertThat(e.getMessage()).contains("'" + t + "'");
                return;
            }
            assertThat(AttributePath.parse(p.toString())).isEqualTo(p);
            if (!t.matches(".*\\[0\\d.*")) {
                assertThat(p.toString()).isEqualTo(t);
            }
            assertThat(p.segments().get(0)).isInstanceOf(AttributePath.Name.class);
        });
    }

    @Test
    void builtPathsPrintAndParseBackAndOverlapByPrefix() {
        qt().forAll(paths(), paths()).checkAssert((p, q) -> {
            assertThat(AttributePath.parse(p.toString())).isEqualTo(p).hasSameHashCodeAs(p);
            boolean prefix = p.segments().size() <= q.segments().size()
                    ? q.segments().subList(0, p.segments().size()).equals(p.segments())
                    : p.segments().subList(0, q.segments().size()).equals(q.segments());
            assertThat(p.overlaps(q)).isEqualTo(prefix).isEqualTo(q.overlaps(p));
            assertThat(p.overlaps(p)).isTrue();
        });
    }

    @Test
    void methodReferencesResolveToRecordComponentsAndNothingElse() {
        assertThat(AttributePath.of(Doc::title).segments())
                .containsExactly(new AttributePath.Component(Doc.class, "title"));
        assertThat(AttributePath.of(Doc::stats).then(Stats::likes).index(2).toString()).isEqualTo("stats.likes[2]");
        assertThatThrownBy(() -> AttributePath.of((Doc d) -> d.title())).isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("Not a method reference to a record accessor");
        assertThatThrownBy(() -> AttributePath.of(NotARecord::title)).isInstanceOf(InvalidUpdateException.class);
        assertThatThrownBy(() -> AttributePath.of(String::length)).isInstanceOf(InvalidUpdateException.class);
        assertThatThrownBy(() -> AttributePath.parse("a").index(-1)).isInstanceOf(InvalidUpdateException.class);
        assertThatThrownBy(() -> AttributePath.parse("a").then("b.c")).isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("'b.c'");
        assertThatThrownBy(() -> AttributePath.parse("a").then("")).isInstanceOf(InvalidUpdateException.class);
    }
}
