package dev.keypath.test.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.dynamodb.TableDescription;
import dev.keypath.test.snapshot.SchemaChange.Category;
import dev.keypath.test.snapshot.SchemaChange.Kind;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Properties of the snapshot's text and diff over random descriptions: the text reads back to the description; no
 * order of declaration makes a difference; every kind of change is found alone, named and described; and the
 * check accepts a schema change exactly when the type's version went up, never a key migration or a change only a
 * regenerated snapshot explains.
 */
class SchemaDiffPropertiesTest {
    @Test
    void theTextReadsBackToTheSameDescription() {
        qt().withExamples(500).forAll(longs().all()).checkAssert(seed -> {
            TableDescription d = RandomDescriptions.table(new Random(seed));
            String text = SchemaSnapshot.write(d);
            assertThat(SchemaSnapshot.parse(text)).isEqualTo(d);
            assertThat(SchemaSnapshot.write(SchemaSnapshot.parse(text))).isEqualTo(text);
        });
    }

    @Test
    void orderMakesNoDifference() {
        qt().withExamples(500).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            TableDescription d = RandomDescriptions.table(r);
            TableDescription shuffled = RandomDescriptions.shuffled(d, r);
            assertThat(shuffled).isEqualTo(d);
            assertThat(SchemaSnapshot.write(shuffled)).isEqualTo(SchemaSnapshot.write(d));
            assertThat(SchemaSnapshot.changes(d, shuffled)).isEmpty();
            assertThat(SchemaSnapshot.changes(SchemaSnapshot.parse(SchemaSnapshot.write(d)), shuffled)).isEmpty();
        });
    }

    @Test
    void theTextHasOneThingPerLineInNameOrder() {
        qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            String text = SchemaSnapshot.write(RandomDescriptions.table(new Random(seed)));
            assertThat(text).endsWith("}\n").doesNotContain("\r");
            for (String line : text.split("\n")) {
                assertThat(line.strip()).as(line).matches("[{}\\[\\]],?|\"[^\"]*(\\\\.[^\"]*)*\": .*|\".*\",?");
            }
        });
    }

    @Test
    void everyKindOfChangeIsFoundAloneAndDescribed() {
        Set<Kind> seen = EnumSet.noneOf(Kind.class);
        qt().withExamples(2000).forAll(longs().all(), integers().between(0, Mutation.values().length - 1))
                .checkAssert((seed, m) -> {
                    Random r = new Random(seed);
                    TableDescription d = RandomDescriptions.table(r);
                    Mutation.Mutated changed = Mutation.values()[m].apply(d, r);
                    if (changed == null) {
                        return;
                    }
                    List<SchemaChange> changes = SchemaSnapshot.changes(d, changed.table());
                    assertThat(changes).hasSize(1);
                    SchemaChange c = changes.get(0);
                    assertThat(c.kind()).isEqualTo(changed.kind());
                    assertThat(c.type()).isEqualTo(changed.type());
                    assertThat(c.subject()).isEqualTo(changed.subject());
                    assertThat(c.describe()).contains(changed.type()).contains(changed.subject());
                    // the same change is found from the committed text
                    assertThat(SchemaSnapshot.changes(SchemaSnapshot.parse(SchemaSnapshot.write(d)),
                            changed.table())).isEqualTo(changes);
                    seen.add(c.kind());
                });
        assertThat(seen).isEqualTo(EnumSet.allOf(Kind.class));
    }

    @Test
    void aSchemaChangeIsAcceptedExactlyWhenTheVersionWentUp() {
        qt().withExamples(2000).forAll(longs().all(), integers().between(0, Mutation.values().length - 1))
                .checkAssert((seed, m) -> {
                    Random r = new Random(seed);
                    TableDescription d = RandomDescriptions.table(r);
                    Mutation.Mutated changed = Mutation.values()[m].apply(d, r);
                    if (changed == null || changed.kind() == Kind.VERSION_RAISED
                            || changed.kind() == Kind.VERSION_LOWERED || changed.kind() == Kind.TYPE_ADDED
                            || changed.kind() == Kind.TYPE_REMOVED) {
                        return;
                    }
                    SchemaChange c = SchemaSnapshot.changes(d, changed.table()).get(0);
                    assertThat(SchemaSnapshot.unexplained(d, changed.table())).containsExactly(c);

                    TableDescription bumped = raise(changed.table(), changed.type());
                    List<SchemaChange> unexplained = SchemaSnapshot.unexplained(d, bumped);
                    if (c.kind().category() == Category.SCHEMA) {
                        assertThat(unexplained).isEmpty();
                    } else {
                        assertThat(unexplained).containsExactly(c);
                    }
                });
    }

    /** {@code table} with the schema version of {@code type} one higher. */
    static TableDescription raise(TableDescription table, String type) {
        return new TableDescription(table.types().stream().map(t -> !t.name().equals(type) ? t
                : new dev.keypath.dynamodb.TypeDescription(t.name(), t.schemaVersion() + 1, t.keyPath(), t.keyFields(),
                        t.fields(), t.indexes(), t.uniqueKeyPaths(), t.roles())).toList());
    }
}
