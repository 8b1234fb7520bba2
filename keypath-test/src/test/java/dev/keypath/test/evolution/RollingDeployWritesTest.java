package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.InvalidItemHistoryException;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.evolution.PersonVersions.Person;
import dev.keypath.test.evolution.PersonVersions.V1;
import dev.keypath.test.evolution.PersonVersions.V2;
import dev.keypath.test.evolution.PersonVersions.V3;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * Writes across versions: an update names attributes as the current form stores them, so it applies only to items
 * stored at a version that already stores them so (else its condition fails and the item stays as it was, never
 * half upgraded); under {@code writePreviousVersion}, updates of what the newest version changes are refused before
 * any request, others write the previous form; the setting is refused for a type it cannot apply to. Sync and async
 * alike.
 */
class RollingDeployWritesTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("rolling");

    private static KeyPathTable table(Class<?> type, boolean rolling) {
        var b = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE).register(type);
        if (rolling) {
            b.writePreviousVersion(type);
        }
        KeyPathTable t = b.build();
        t.bootstrap();
        return t;
    }

    private static KeyPathAsyncTable async(Class<?> type, boolean rolling) {
        var b = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(TABLE).register(type);
        if (rolling) {
            b.writePreviousVersion(type);
        }
        return b.build();
    }

    private static Person person() {
        return new Person(UUID.randomUUID(), "Ada", 36, "old", "Main St", "London", "A");
    }

    @Test
    void anUpdateOfARenamedFieldFailsOnAnItemStoredBeforeTheRenameAndLeavesItAsItWas() {
        KeyPathTable v1 = table(V1.class, false);
        KeyPathTable v3 = table(V3.class, false);
        KeyPathAsyncTable v3async = async(V3.class, false);
        Person p = person();
        v1.put(V1.of(p));
        KeyPath path = KeyPath.of("person", p.id());
        assertThatThrownBy(() -> v3.update(V3.class, path, UpdateSpec.of(u -> u.set("fullName", "Grace"))))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining("rewrite it at version 3 first");
        assertThatThrownBy(() -> v3async.update(V3.class, path, UpdateSpec.of(u -> u.set("fullName", "Grace"))).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(ConditionFailedException.class);
        assertThat(v1.get(V1.class, path)).contains(V1.of(p));
        // a field no version changed is updated on an item of any version up to the current one
        assertThat(v3.update(V3.class, path, UpdateSpec.of(u -> u.set("address", "Elm St|Leeds"))))
                .isEqualTo(V3.of(new Person(p.id(), "Ada", 36, "old", "Elm St", "Leeds", "none")));
        assertThat(v1.get(V1.class, path)).contains(new V1(p.id(), "Ada", 36, "old", "Elm St|Leeds"));
        // once stored at the current version, the renamed field updates
        v3.put(V3.of(p));
        assertThat(v3.update(V3.class, path, UpdateSpec.of(u -> u.set("fullName", "Grace"))).fullName())
                .isEqualTo("Grace");
    }

    @Test
    void anUpsertCreatesAnItemAtTheWrittenVersionAndRefusesAnOlderOne() {
        KeyPathTable v1 = table(V1.class, false);
        KeyPathTable v3 = table(V3.class, false);
        KeyPath fresh = KeyPath.of("person", UUID.randomUUID());
        V3 created = v3.update(UpdateItem.upsert(V3.class, fresh, UpdateSpec.of(u -> u.set("fullName", "New"))));
        assertThat(created.fullName()).isEqualTo("New");
        assertThat(v3.get(V3.class, fresh)).contains(created);
        assertThatThrownBy(() -> v1.get(V1.class, fresh)).hasMessageContaining("newer than version 1");
        Person p = person();
        v1.put(V1.of(p));
        assertThatThrownBy(() -> v3.update(UpdateItem.upsert(V3.class, KeyPath.of("person", p.id()),
                UpdateSpec.of(u -> u.set("address", "x|y"))))).isInstanceOf(ConditionFailedException.class);
    }

    @Test
    void underTheRollingSettingUpdatesOfTheNewestChangeAreRefusedAndOthersWriteThePreviousForm() {
        KeyPathTable v1 = table(V1.class, false);
        KeyPathTable v2rolling = table(V2.class, true);
        KeyPathAsyncTable v2async = async(V2.class, true);
        Person p = person();
        v2rolling.put(V2.of(p));
        KeyPath path = KeyPath.of("person", p.id());
        assertThat(v1.get(V1.class, path)).contains(V1.of(p));
        assertThatThrownBy(() -> v2rolling.update(V2.class, path, UpdateSpec.of(u -> u.set("fullName", "Grace"))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("[fullName]")
                .hasMessageContaining("writePreviousVersion");
        assertThatThrownBy(() -> v2async.update(V2.class, path, UpdateSpec.of(u -> u.set("fullName", "Grace"))).join())
                .hasCauseInstanceOf(InvalidUpdateException.class);
        v2rolling.update(V2.class, path, UpdateSpec.of(u -> u.set("age", 40)));
        assertThat(v1.get(V1.class, path)).contains(new V1(p.id(), "Ada", 40, "old", "Main St|London"));
        v2async.put(V2.of(p)).join();
        assertThat(v1.get(V1.class, path)).contains(V1.of(p));
    }

    @Test
    void theRollingSettingIsRefusedWhereItCannotApply() {
        assertThatThrownBy(() -> table(V1.class, true)).isInstanceOf(InvalidItemHistoryException.class)
                .hasMessageContaining("at version 1, there is no version before it");
        assertThatThrownBy(() -> table(PersonVersions.V4.class, true)).isInstanceOf(InvalidItemHistoryException.class)
                .hasMessageContaining("not all reversible");
        assertThatThrownBy(() -> KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(V1.class).writePreviousVersion(V2.class).build())
                .isInstanceOf(InvalidItemHistoryException.class).hasMessageContaining("not registered");
    }
}
