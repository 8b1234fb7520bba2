package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemRead;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadModification;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.constraints.NotBlank;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every extension on every write path, on both tables: the version, the expiry ({@code _ttl}), the timestamps, Bean
 * Validation and a caller's {@link ItemExtension} each take part in a plain put, a create-only put, a conditional
 * put, a versioned put, a put of a type with a unique key path (versioned or not), a put with a sequence id, a
 * transactional put or update, a batch put, an update and an upsert. For each, the object the write returns is what
 * a read of the item gives, and the stored attributes are what the extensions wrote; a second write through the
 * same path keeps the creation time the returned object carries; an invalid item is refused and nothing changes.
 */
@KeyPathDynamoDb(types = {ExtensionsOnEveryWriteTest.Doc.class, ExtensionsOnEveryWriteTest.VersionedDoc.class,
        ExtensionsOnEveryWriteTest.UniqueDoc.class, ExtensionsOnEveryWriteTest.UniqueVersionedDoc.class,
        ExtensionsOnEveryWriteTest.ShelvedDoc.class}, customizers = ExtensionsOnEveryWriteTest.Settings.class)
class ExtensionsOnEveryWriteTest {
    static final Instant T1 = Instant.parse("2032-05-01T08:00:00.100Z");
    static final Instant T2 = Instant.parse("2032-05-02T09:00:00.200Z");
    static final SettableClock CLOCK = new SettableClock(T1);
    static final ValidatorFactory VALIDATION = Validation.buildDefaultValidatorFactory();

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    /** What every type of this test carries: a validated title, the custom extension's mark, TTL and timestamps. */
    interface Written {
        String title();

        String mark();

        Instant expiresAt();

        Instant createdAt();

        Instant updatedAt();

        default Long version() {
            return null;
        }

        /** A copy with another title and expiry, keeping everything else (as an application changes an item). */
        Written changed(String title, Instant expiresAt);
    }

    @ItemType(keyPath = "/doc-{id}")
    record Doc(String id, @NotBlank String title, String mark, @TimeToLive Instant expiresAt,
               @CreatedAt Instant createdAt, @UpdatedAt Instant updatedAt) implements Written {
        @Override
        public Doc changed(String title, Instant expiresAt) {
            return new Doc(id, title, mark, expiresAt, createdAt, updatedAt);
        }
    }

    @ItemType(keyPath = "/vdoc-{id}")
    record VersionedDoc(String id, @NotBlank String title, String mark, @TimeToLive Instant expiresAt,
                        @CreatedAt Instant createdAt, @UpdatedAt Instant updatedAt, @Version Long version)
            implements Written {
        @Override
        public VersionedDoc changed(String title, Instant expiresAt) {
            return new VersionedDoc(id, title, mark, expiresAt, createdAt, updatedAt, version);
        }
    }

    @ItemType(keyPath = "/udoc-{id}")
    @UniqueKeyPath("/uslug-{slug}")
    record UniqueDoc(String id, String slug, @NotBlank String title, String mark, @TimeToLive Instant expiresAt,
                     @CreatedAt Instant createdAt, @UpdatedAt Instant updatedAt) implements Written {
        @Override
        public UniqueDoc changed(String title, Instant expiresAt) {
            return new UniqueDoc(id, slug + "-2", title, mark, expiresAt, createdAt, updatedAt);
        }
    }

    @ItemType(keyPath = "/uvdoc-{id}")
    @UniqueKeyPath("/uvslug-{slug}")
    record UniqueVersionedDoc(String id, String slug, @NotBlank String title, String mark,
                              @TimeToLive Instant expiresAt, @CreatedAt Instant createdAt,
                              @UpdatedAt Instant updatedAt, @Version Long version) implements Written {
        @Override
        public UniqueVersionedDoc changed(String title, Instant expiresAt) {
            return new UniqueVersionedDoc(id, slug + "-2", title, mark, expiresAt, createdAt, updatedAt, version);
        }
    }

    @ItemType(keyPath = "/shelf-{shelf}/sdoc-{n}")
    record ShelvedDoc(String shelf, @AutoId(AutoId.Strategy.SEQUENCE) long n, @NotBlank String title, String mark,
                      @TimeToLive Instant expiresAt, @CreatedAt Instant createdAt, @UpdatedAt Instant updatedAt)
            implements Written {
        @Override
        public ShelvedDoc changed(String title, Instant expiresAt) {
            return new ShelvedDoc(shelf, n, title, mark, expiresAt, createdAt, updatedAt);
        }
    }

    /**
     * The caller's extension: every write stores {@code mark = w:<kind>}, every read shows it as {@code r(...)}, so
     * the returned object shows whether the write hook ran and whether the read hook ran on what was stored.
     */
    static final ItemExtension MARKING = new ItemExtension() {
        @Override
        public WriteModification beforeWrite(ItemWrite write) {
            return WriteModification.builder().set("mark", AttributeValue.fromS("w:" + write.kind()))
                    .build();
        }

        @Override
        public ReadModification afterRead(ItemRead read) {
            AttributeValue mark = read.attributes().get("mark");
            if (mark == null || mark.s() == null) {
                return ReadModification.NONE;
            }
            Map<String, AttributeValue> shown = new HashMap<>(read.attributes());
            shown.put("mark", AttributeValue.fromS("r(" + mark.s() + ")"));
            return ReadModification.replaceAttributes(shown);
        }
    };

    static final class Settings implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.clock(CLOCK).validator(VALIDATION.getValidator()).extensions(MARKING);
        }
    }

    /**
     * A write path: how it writes a new item, how it writes a changed one, and whether it takes whole objects (and
     * so validates them). An update path writes the new item with a plain put and the change with its update.
     */
    enum Path {
        PLAIN_PUT(true) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(doc(id, "one")));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.put(PutItem.of(stored.changed(title, LATER)));
            }
        },
        CREATE_ONLY(true) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.builder(doc(id, "one")).mode(PutMode.CREATE_ONLY).build());
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.put(PutItem.builder(stored.changed(title, LATER)).mode(PutMode.REPLACE_EXISTING).build());
            }
        },
        CONDITIONAL_PUT(true) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.builder(doc(id, "one")).condition(Condition.of("attribute_not_exists(#a)", Map.of("#a", "title"), Map.of()))
                        .build());
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.put(PutItem.builder(stored.changed(title, LATER))
                        .condition(Condition.attributeEquals("title", stored.title())).build());
            }
        },
        VERSIONED_PUT(true) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(new VersionedDoc(id, "one", null, SOON, null, null, null)));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.put(PutItem.of(stored.changed(title, LATER)));
            }
        },
        UNIQUE_KEY(true) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(new UniqueDoc(id, "s-" + id, "one", null, SOON, null, null)));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.put(PutItem.of(stored.changed(title, LATER)));
            }
        },
        UNIQUE_KEY_VERSIONED(true) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(new UniqueVersionedDoc(id, "s-" + id, "one", null, SOON, null, null,
                        null)));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.put(PutItem.of(stored.changed(title, LATER)));
            }
        },
        SEQUENCE_ID(true) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(new ShelvedDoc(id, 0, "one", null, SOON, null, null)));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.put(PutItem.of(stored.changed(title, LATER)));
            }
        },
        TRANSACTION(true) {
            @Override
            Written create(TableCalls side, String id) {
                return (Written) side.transact(tx -> tx.put(doc(id, "one"))).get(0);
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return (Written) side.transact(tx -> tx.put(stored.changed(title, LATER))).get(0);
            }
        },
        TRANSACTION_VERSIONED(true) {
            @Override
            Written create(TableCalls side, String id) {
                return (Written) side.transact(tx -> tx.put(new VersionedDoc(id, "one", null, SOON, null, null, null)))
                        .get(0);
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return (Written) side.transact(tx -> tx.put(stored.changed(title, LATER))).get(0);
            }
        },
        BATCH(true) {
            @Override
            Written create(TableCalls side, String id) {
                return (Written) side.batchWrite(WriteBatch.builder().put(doc(id, "one")).build()).get(0);
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return (Written) side.batchWrite(WriteBatch.builder().put(stored.changed(title, LATER)).build()).get(0);
            }
        },
        UPDATE(false) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(doc(id, "one")));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.update(UpdateItem.of(Doc.class, table.keyPathOf(stored), changes(title)));
            }
        },
        VERSIONED_UPDATE(false) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(new VersionedDoc(id, "one", null, SOON, null, null, null)));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.update(UpdateItem.of(VersionedDoc.class, table.keyPathOf(stored), changes(title)
                        .toBuilder().expectedVersion(stored.version()).build()));
            }
        },
        TRANSACTION_UPDATE(false) {
            @Override
            Written create(TableCalls side, String id) {
                return side.put(PutItem.of(new VersionedDoc(id, "one", null, SOON, null, null, null)));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                KeyPath path = table.keyPathOf(stored);
                side.transact(tx -> tx.update(UpdateItem.of(VersionedDoc.class, path, changes(title))));
                return table.get(VersionedDoc.class, path).orElseThrow();
            }
        },
        UPSERT(false) {
            @Override
            Written create(TableCalls side, String id) {
                return side.update(UpdateItem.upsert(Doc.class, KeyPath.of("doc", id), UpdateSpec.of(u -> u
                        .set("title", "one").set("expiresAt", SOON))));
            }

            @Override
            Written change(TableCalls side, Written stored, String title) {
                return side.update(UpdateItem.upsert(Doc.class, table.keyPathOf(stored), changes(title)));
            }
        };

        static final Instant SOON = T2.plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        static final Instant LATER = T2.plus(3, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

        /** Whether the path writes whole objects, which Bean Validation checks (updates are not validated). */
        final boolean writesObjects;

        Path(boolean writesObjects) {
            this.writesObjects = writesObjects;
        }

        abstract Written create(TableCalls side, String id);

        abstract Written change(TableCalls side, Written stored, String title);

        static Doc doc(String id, String title) {
            return new Doc(id, title, null, SOON, null, null);
        }

        static UpdateSpec changes(String title) {
            return UpdateSpec.of(u -> u.set("title", title).set("expiresAt", LATER));
        }
    }

    static Stream<Arguments> paths() {
        List<Arguments> all = new ArrayList<>();
        for (Path p : Path.values()) {
            for (TableCalls.Kind k : TableCalls.Kind.values()) {
                all.add(Arguments.of(p, k));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} on the {1} table")
    @MethodSource("paths")
    void everyExtensionTakesPartAndTheReturnedObjectIsWhatIsStored(Path path, TableCalls.Kind kind) {
        TableCalls side = TableCalls.of(kind, table, async);
        String id = UUID.randomUUID().toString();
        CLOCK.set(T1);
        Written created = path.create(side, id);

        KeyPath keyPath = table.keyPathOf(created);
        boolean versioned = created instanceof VersionedDoc || created instanceof UniqueVersionedDoc;
        assertThat(created.createdAt()).as("createdAt returned").isEqualTo(T1);
        assertThat(created.updatedAt()).as("updatedAt returned").isEqualTo(T1);
        assertThat(created.mark()).as("mark returned (write hook, then read hook)").startsWith("r(w:");
        assertThat(created.version()).as("version returned").isEqualTo(versioned ? 1L : null);
        assertThat(read(created, keyPath)).as("a read of what the write returned").contains(created);
        assertStored(keyPath, T1, T1, Path.SOON, versioned ? 1 : -1);

        CLOCK.set(T2);
        Written changed = path.change(side, created, "two");

        assertThat(changed.title()).isEqualTo("two");
        assertThat(changed.createdAt()).as("createdAt kept by the second write").isEqualTo(T1);
        assertThat(changed.updatedAt()).as("updatedAt of the second write").isEqualTo(T2);
        assertThat(changed.mark()).as("mark of the second write").startsWith("r(w:");
        assertThat(changed.version()).as("version after the second write").isEqualTo(versioned ? 2L : null);
        KeyPath changedPath = table.keyPathOf(changed);
        assertThat(read(changed, changedPath)).as("a read of what the second write returned").contains(changed);
        assertStored(changedPath, T1, T2, Path.LATER, versioned ? 2 : -1);

        if (path.writesObjects) {
            assertThatThrownBy(() -> path.change(side, changed, " "))
                    .isInstanceOf(ItemValidationException.class).hasMessageContaining("title");
            assertThat(read(changed, changedPath)).as("nothing written by the invalid write").contains(changed);
        }
    }

    /** The stored item's timestamps, expiry, mark and version as the extensions wrote them. */
    private static void assertStored(KeyPath keyPath, Instant created, Instant updated, Instant expires,
                                     long version) {
        Map<String, AttributeValue> raw = raw(keyPath);
        assertThat(raw.get("createdAt").s()).as("stored createdAt").isEqualTo(created.toString());
        assertThat(raw.get("updatedAt").s()).as("stored updatedAt").isEqualTo(updated.toString());
        assertThat(raw.get("_ttl").n()).as("stored _ttl").isEqualTo(Long.toString(expires.getEpochSecond()));
        assertThat(raw.get("mark").s()).as("stored mark").startsWith("w:");
        if (version >= 0) {
            assertThat(raw.get("version").n()).as("stored version").isEqualTo(Long.toString(version));
        }
    }

    private static Optional<Object> read(Written item, KeyPath keyPath) {
        return table.get(item.getClass(), keyPath).map(Object.class::cast);
    }

    private static Map<String, AttributeValue> raw(KeyPath keyPath) {
        return client.getItem(r -> r.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.sortKey()))))).item();
    }
}
