package dev.keypath.test.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.dynamodb.ChangeDescription;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.test.snapshot.SchemaChange.Category;
import dev.keypath.test.snapshot.SchemaChange.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * Properties of the snapshot's text and diff over random descriptions: the text reads back to the description; no
 * order of declaration makes a difference; every kind of change is found alone, named and described; the check
 * accepts a schema change exactly when the type's history declares the change that makes it for a raised version
 * (a raised version alone, or a change of another field, explains nothing), never a key migration or a change only a
 * regenerated snapshot explains; a declared change the snapshot does not show is named; and the update writes a
 * change nothing declares only when items stored before read as they were written (a field that may be absent added,
 * or made so, and what only a written snapshot records), refusing every other with its declaration and leaving the
 * file as it was.
 */
class SchemaDiffPropertiesTest {
    @TempDir
    Path dir;

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
    void aSchemaChangeIsAcceptedExactlyWhenADeclaredChangeExplainsIt() {
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
                    // a raised version alone explains nothing
                    assertThat(SchemaSnapshot.unexplained(d, raise(changed.table(), changed.type())))
                            .containsExactly(c);
                    ChangeDescription explaining = explaining(c, d, changed.table());
                    if (c.kind().category() != Category.SCHEMA) {
                        assertThat(explaining).isNull();
                        return;
                    }
                    // the declared change that makes the difference explains it, and the snapshot shows it
                    TableDescription declared = raise(changed.table(), changed.type(), explaining);
                    assertThat(SchemaSnapshot.unexplained(d, declared)).isEmpty();
                    assertThat(SchemaSnapshot.unshown(d, declared)).isEmpty();
                    // a change of another field explains nothing of this one
                    ChangeDescription other = new ChangeDescription(0, dev.keypath.dynamodb.SchemaChange.Kind.FIELD_ADDED,
                            List.of(), List.of("unrelated" + r.nextInt(100)));
                    assertThat(SchemaSnapshot.unexplained(d, raise(changed.table(), changed.type(), other)))
                            .containsExactly(c);
                });
    }

    @Test
    void aDeclaredChangeTheSnapshotDoesNotShowIsNamed() {
        qt().withExamples(1000).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            TableDescription d = RandomDescriptions.table(r);
            dev.keypath.dynamodb.TypeDescription t = RandomDescriptions.oneOf(r, d.types());
            List<String> tops = t.fields().stream().map(f -> DeclaredChanges.top(f.path())).distinct().toList();
            if (tops.isEmpty()) {
                return;
            }
            String field = RandomDescriptions.oneOf(r, tops);
            ChangeDescription declared = r.nextBoolean()
                    // renamed from a field the snapshot never had
                    ? new ChangeDescription(0, dev.keypath.dynamodb.SchemaChange.Kind.FIELD_RENAMED,
                            List.of("never" + r.nextInt(100)), List.of(field))
                    // added a field the snapshot already has
                    : new ChangeDescription(0, dev.keypath.dynamodb.SchemaChange.Kind.FIELD_ADDED, List.of(),
                            List.of(field));
            List<String> unshown = SchemaSnapshot.unshown(d, raise(d, t.name(), declared));
            assertThat(unshown).isNotEmpty().allSatisfy(u -> assertThat(u).contains("type " + t.name())
                    .contains(declared.kind().name()));
            assertThat(unshown).anySatisfy(u -> assertThat(u)
                    .contains("'" + (declared.from().isEmpty() ? field : declared.from().get(0)) + "'"));
        });
    }

    @Test
    void theUpdateWritesAnUndeclaredChangeOnlyWhenItemsStoredBeforeReadAsWritten() {
        Set<Boolean> outcomes = new java.util.HashSet<>();
        qt().withExamples(1000).forAll(longs().all(), integers().between(0, Mutation.values().length - 1))
                .checkAssert((seed, m) -> {
                    Random r = new Random(seed);
                    TableDescription d = RandomDescriptions.table(r);
                    Mutation.Mutated changed = Mutation.values()[m].apply(d, r);
                    if (changed == null) {
                        return;
                    }
                    SchemaChange c = SchemaSnapshot.changes(d, changed.table()).get(0);
                    boolean recordable = switch (c.kind()) {
                        case FIELD_ADDED -> c.after().endsWith("?");
                        case FIELD_RETYPED -> c.after().equals(c.before() + "?");
                        case FIELD_REMOVED, TYPE_RENAMED, VERSION_LOWERED -> false;
                        default -> true;
                    };
                    Path file = dir.resolve("snapshot-" + seed + "-" + m + ".json");
                    String committed = SchemaSnapshot.write(d);
                    write(file, committed);
                    outcomes.add(recordable);
                    if (recordable) {
                        assertThat(SchemaSnapshot.update(changed.table(), file)).isTrue();
                        assertThat(SchemaSnapshot.read(file)).isEqualTo(changed.table());
                        return;
                    }
                    org.assertj.core.api.Assertions.assertThatThrownBy(() -> SchemaSnapshot.update(changed.table(),
                                    file))
                            .isInstanceOf(AssertionFailedError.class)
                            .hasMessageContaining(c.describe())
                            .hasMessageContaining(c.kind() == Kind.VERSION_LOWERED ? "unreadable" : "declare");
                    assertThat(read(file)).as("not written").isEqualTo(committed);
                    ChangeDescription explaining = explaining(c, d, changed.table());
                    if (explaining != null) {
                        TableDescription declared = raise(changed.table(), changed.type(), explaining);
                        assertThat(SchemaSnapshot.update(declared, file)).as("written once declared").isTrue();
                    }
                });
        assertThat(outcomes).containsExactlyInAnyOrder(true, false);
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The declared change that explains {@code c}, the one difference from {@code before} to {@code after}; null
     * for a change no declaration explains.
     */
    static ChangeDescription explaining(SchemaChange c, TableDescription before, TableDescription after) {
        dev.keypath.dynamodb.SchemaChange.Kind kind;
        List<String> from;
        List<String> to;
        String top = DeclaredChanges.top(c.subject());
        boolean topRemains = after.type(c.type()).orElseThrow().fields().stream()
                .anyMatch(f -> DeclaredChanges.top(f.path()).equals(top));
        switch (c.kind()) {
            case FIELD_ADDED -> {
                kind = dev.keypath.dynamodb.SchemaChange.Kind.FIELD_ADDED;
                from = List.of();
                to = List.of(top);
            }
            case FIELD_REMOVED -> {
                kind = topRemains ? dev.keypath.dynamodb.SchemaChange.Kind.FIELD_RETYPED
                        : dev.keypath.dynamodb.SchemaChange.Kind.FIELD_REMOVED;
                from = List.of(top);
                to = topRemains ? List.of(top) : List.of();
            }
            case FIELD_RETYPED -> {
                kind = dev.keypath.dynamodb.SchemaChange.Kind.FIELD_RETYPED;
                from = List.of(top);
                to = List.of(top);
            }
            case TYPE_RENAMED -> {
                kind = dev.keypath.dynamodb.SchemaChange.Kind.TYPE_RENAMED;
                from = List.of(c.subject());
                to = List.of(c.type());
            }
            default -> {
                return null;
            }
        }
        return new ChangeDescription(0, kind, from, to);
    }

    /** {@code table} with the schema version of {@code type} one higher, declaring {@code changes} for it. */
    static TableDescription raise(TableDescription table, String type, ChangeDescription... changes) {
        return new TableDescription(table.types().stream().map(t -> {
            if (!t.name().equals(type)) {
                return t;
            }
            List<ChangeDescription> history = new java.util.ArrayList<>(t.history());
            for (ChangeDescription c : changes) {
                history.add(new ChangeDescription(t.schemaVersion() + 1, c.kind(), c.from(), c.to()));
            }
            return new dev.keypath.dynamodb.TypeDescription(t.name(), t.schemaVersion() + 1, t.keyPath(),
                    t.keyFields(), t.fields(), t.indexes(), t.uniqueKeyPaths(), t.roles(), history);
        }).toList());
    }
}
