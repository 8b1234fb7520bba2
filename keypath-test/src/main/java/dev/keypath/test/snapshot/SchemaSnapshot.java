package dev.keypath.test.snapshot;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.opentest4j.AssertionFailedError;

/**
 * Checks the item types a table registers against a schema snapshot committed in the project, so that a change
 * to how items are stored is seen in review and declared, not found in production:
 *
 * <pre>{@code
 * @Test
 * void typesMatchTheSnapshot() {
 *     SchemaSnapshot.assertMatches(Path.of("src/test/resources/keypath-schema.json"), User.class, Post.class);
 * }
 * }</pre>
 *
 * <p>The snapshot is the {@link TableDescription} of the types as sorted JSON, one field, role or index property
 * per line. The check fails when the code's types differ from it in a way nothing explains, with every
 * {@link SchemaChange} in the message. A change of a field (added, removed, retyped) or of a type's name is
 * explained only by a change the type's {@link dev.keypath.dynamodb.ItemHistory} declares for a version above the
 * snapshot's: a rename {@code a -> b} explains "{@code a} removed, {@code b} added", a retype a field holding another
 * kind of value, an added field a new one, a removed field a missing one, a type rename a new {@code _type}
 * ({@link #unexplained}). A declared change the snapshot does not show (a rename of a field the snapshot lacks, say)
 * fails the check too ({@link #unshown}). A change of a key-path template or a key field is a key migration and is
 * always refused, with a pointer to keypath-migrate (docs/MIGRATING.md); any other change (a type, an index or a
 * role added or removed) is explained only by a regenerated snapshot.
 *
 * <p>Run the tests with {@code -Dkeypath.snapshot.update=true} ({@link #UPDATE_PROPERTY}) to write the snapshot
 * from the code instead of checking it, then commit it. A missing snapshot fails the check with the same advice. The
 * update writes only what a snapshot may record without a declaration ({@link #update}): a change that would make
 * items stored before read otherwise than they were written fails it, naming the declaration that makes it legal.
 */
public final class SchemaSnapshot {
    /** The system property that, set to {@code true}, makes every check write its snapshot instead. */
    public static final String UPDATE_PROPERTY = "keypath.snapshot.update";

    private SchemaSnapshot() {
    }

    /** Checks {@code table}'s registered types against {@code snapshot}, as {@link #assertMatches(TableDescription, Path)}. */
    public static void assertMatches(KeyPathTable table, Path snapshot) {
        assertMatches(table.description(), snapshot);
    }

    /** Checks {@code table}'s registered types against {@code snapshot}, as {@link #assertMatches(TableDescription, Path)}. */
    public static void assertMatches(KeyPathAsyncTable table, Path snapshot) {
        assertMatches(table.description(), snapshot);
    }

    /**
     * Checks {@code types}, as a table with keypath's default mapper registers them, against {@code snapshot}, with
     * no table or engine; as {@link #assertMatches(TableDescription, Path)}.
     */
    public static void assertMatches(Path snapshot, Class<?>... types) {
        assertMatches(KeyPathTables.describe(types), snapshot);
    }

    /**
     * Checks the types {@code code} describes against the snapshot in {@code snapshot}: an
     * {@link AssertionFailedError} (with both snapshots' text as expected and actual) listing every change not
     * explained, when there is one or the file is missing. With {@code -Dkeypath.snapshot.update=true}, writes the
     * snapshot instead (creating its directories), and passes.
     *
     * @throws InvalidSchemaSnapshotException when the file is there but is not a snapshot
     */
    public static void assertMatches(TableDescription code, Path snapshot) {
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            update(code, snapshot);
            return;
        }
        if (!Files.exists(snapshot)) {
            throw new AssertionFailedError("No schema snapshot at " + snapshot.toAbsolutePath() + ". Write it with "
                    + "-D" + UPDATE_PROPERTY + "=true and commit it.");
        }
        TableDescription committed = read(snapshot);
        List<SchemaChange> changes = changes(committed, code);
        List<SchemaChange> refused = unexplained(committed, code, changes);
        List<String> unshown = unshown(committed, code, changes);
        if (!refused.isEmpty() || !unshown.isEmpty()) {
            throw new AssertionFailedError(failure(snapshot, committed, code, changes, refused, unshown),
                    write(committed), write(code));
        }
    }

    /** Every change from {@code snapshot} to {@code code}, explained or not, in a fixed order (by type, then part). */
    public static List<SchemaChange> changes(TableDescription snapshot, TableDescription code) {
        return SchemaDiff.between(snapshot, code);
    }

    /** The changes from {@code snapshot} to {@code code} that nothing explains: those that fail the check. */
    public static List<SchemaChange> unexplained(TableDescription snapshot, TableDescription code) {
        return unexplained(snapshot, code, changes(snapshot, code));
    }

    private static List<SchemaChange> unexplained(TableDescription snapshot, TableDescription code,
                                                  List<SchemaChange> changes) {
        Map<String, String> renamedFrom = renames(changes);
        List<SchemaChange> refused = new ArrayList<>();
        for (SchemaChange c : changes) {
            if (!explained(snapshot, code, c, renamedFrom.getOrDefault(c.type(), c.type()))) {
                refused.add(c);
            }
        }
        return List.copyOf(refused);
    }

    /**
     * The changes the code's histories declare since the snapshot's versions that the snapshot does not show, each
     * in a sentence naming the type, the declared change and what does not fit: a change that reads a field the
     * snapshot's version lacks, adds one it already has, or renames the type from another name than the snapshot's.
     */
    public static List<String> unshown(TableDescription snapshot, TableDescription code) {
        return unshown(snapshot, code, changes(snapshot, code));
    }

    private static List<String> unshown(TableDescription snapshot, TableDescription code,
                                        List<SchemaChange> changes) {
        Map<String, String> renamedFrom = renames(changes);
        List<String> unshown = new ArrayList<>();
        for (TypeDescription now : code.types()) {
            snapshot.type(renamedFrom.getOrDefault(now.name(), now.name()))
                    .ifPresent(old -> unshown.addAll(DeclaredChanges.between(old, now).unshown()));
        }
        return List.copyOf(unshown);
    }

    /** New name to old name of every renamed type among {@code changes}. */
    private static Map<String, String> renames(List<SchemaChange> changes) {
        Map<String, String> renamedFrom = new HashMap<>();
        for (SchemaChange c : changes) {
            if (c.kind() == SchemaChange.Kind.TYPE_RENAMED) {
                renamedFrom.put(c.type(), c.subject());
            }
        }
        return renamedFrom;
    }

    /**
     * Whether a declared change explains {@code change}: a schema change of a type whose history declares, for a
     * version above the snapshot's under its name {@code before} there (the old name of a renamed type), a change
     * that makes this difference ({@link DeclaredChanges}).
     */
    private static boolean explained(TableDescription snapshot, TableDescription code, SchemaChange change,
                                     String before) {
        if (change.kind().category() != SchemaChange.Category.SCHEMA) {
            return false;
        }
        java.util.Optional<TypeDescription> old = snapshot.type(before);
        java.util.Optional<TypeDescription> now = code.type(change.type());
        return old.isPresent() && now.isPresent() && DeclaredChanges.between(old.get(), now.get()).explains(change);
    }

    /** The undeclared changes among those nothing explains, from {@code committed} to {@code code}. */
    private static UndeclaredChanges undeclared(TableDescription committed, TableDescription code,
                                                List<SchemaChange> changes, List<SchemaChange> refused,
                                                List<String> unshown) {
        return UndeclaredChanges.of(committed, code, refused, unshown, renames(changes));
    }

    private static String failure(Path snapshot, TableDescription committed, TableDescription code,
                                  List<SchemaChange> changes, List<SchemaChange> refused, List<String> unshown) {
        StringBuilder m = new StringBuilder("The registered item types differ from the schema snapshot ")
                .append(snapshot).append(":\n");
        Map<String, String> renamedFrom = renames(changes);
        for (SchemaChange c : refused) {
            m.append("  - ").append(c.describe());
            if (c.kind().category() == SchemaChange.Category.SCHEMA) {
                String type = renamedFrom.getOrDefault(c.type(), c.type());
                int version = committed.type(type).map(TypeDescription::schemaVersion).orElse(1);
                m.append(" (a schema change that no declared change explains: declare it in the @SchemaHistory of ")
                        .append(c.type()).append(" for a version above ").append(version).append(")");
            }
            m.append('\n');
        }
        if (!unshown.isEmpty()) {
            m.append("Declared but not in the snapshot:\n");
            unshown.forEach(u -> m.append("  - ").append(u).append('\n'));
        }
        List<SchemaChange> accepted = changes.stream().filter(c -> !refused.contains(c)).toList();
        if (!accepted.isEmpty()) {
            m.append("Explained by a declared change:\n");
            accepted.forEach(c -> m.append("  - ").append(c.describe()).append('\n'));
        }
        UndeclaredChanges undeclared = undeclared(committed, code, changes, refused, unshown);
        if (!undeclared.recordable()) {
            m.append("To declare (a written snapshot cannot record these: items stored before would read otherwise "
                    + "than they were written):\n");
            undeclared.incompatible().forEach(u -> m.append("  - ").append(u).append('\n'));
            return m.append("Declare each in the type's @SchemaHistory; then the check passes.").toString();
        }
        return m.append("If the code is right, write the snapshot again with -D").append(UPDATE_PROPERTY)
                .append("=true and commit it.").toString();
    }

    /**
     * Writes the snapshot of {@code code} to {@code snapshot} (creating its directories) unless it already holds an
     * equal one; true when it wrote. A change no declared change explains that would make items stored before read
     * otherwise than they were written (a field removed, renamed or retyped, a field added that may not be absent, a
     * type renamed, a version lowered, a declared change the snapshot does not show) is not written: an
     * {@link AssertionFailedError} names each with the declaration that makes it legal, and the file stays as it was.
     * What a written snapshot may record is written: a field added that may be absent, a field that may now be
     * absent, declared changes, types, indexes and roles, and key-path or shard changes once their items moved.
     */
    public static boolean update(TableDescription code, Path snapshot) {
        try {
            if (Files.exists(snapshot)) {
                TableDescription committed = read(snapshot);
                if (committed.equals(code)) {
                    return false;
                }
                refuseUndeclared(committed, code, snapshot);
            }
        } catch (InvalidSchemaSnapshotException e) {
            // an unreadable snapshot is written over, as asked
        }
        try {
            Path parent = snapshot.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(snapshot, write(code), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the schema snapshot " + snapshot, e);
        }
        System.err.println("keypath-test: wrote the schema snapshot " + snapshot.toAbsolutePath() + " ("
                + code.types().size() + " types)");
        return true;
    }

    private static void refuseUndeclared(TableDescription committed, TableDescription code, Path snapshot) {
        List<SchemaChange> changes = changes(committed, code);
        List<SchemaChange> refused = unexplained(committed, code, changes);
        List<String> unshown = unshown(committed, code, changes);
        UndeclaredChanges undeclared = undeclared(committed, code, changes, refused, unshown);
        if (undeclared.recordable()) {
            return;
        }
        StringBuilder m = new StringBuilder("Not written: the schema snapshot ").append(snapshot)
                .append(" stays as it was. The code changes how items stored before read, and no declared change "
                        + "says how:\n");
        undeclared.incompatible().forEach(u -> m.append("  - ").append(u).append('\n'));
        m.append("Declare each in the type's @SchemaHistory; the snapshot is written once every such change is "
                + "declared.");
        throw new AssertionFailedError(m.toString(), write(committed), write(code));
    }

    /** The snapshot text of {@code description}: sorted JSON, one thing per line, ending in a line feed. */
    public static String write(TableDescription description) {
        return SnapshotJson.write(description);
    }

    /** The description a snapshot text holds; an {@link InvalidSchemaSnapshotException} when it holds none. */
    public static TableDescription parse(String snapshot) {
        return SnapshotJson.read(snapshot, "(text)");
    }

    /**
     * The description in the snapshot file {@code snapshot}; an {@link InvalidSchemaSnapshotException} naming the
     * file when it holds none.
     */
    public static TableDescription read(Path snapshot) {
        try {
            return SnapshotJson.read(Files.readString(snapshot, StandardCharsets.UTF_8), snapshot.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the schema snapshot " + snapshot, e);
        }
    }
}
