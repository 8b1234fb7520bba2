package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of write, on both tables, on an item whose expiry is a second either side of the table's now or at it, has
 * the outcome it has on the same key path with no item (when the expiry is at or before now) or with the same item
 * unexpired (when it is after): the same result or exception type, and the same item afterwards.
 */
@KeyPathDynamoDb(types = {ExpiryEquivalenceTest.Pass.class, ExpiryEquivalenceTest.Lease.class,
        ExpiryEquivalenceTest.Seat.class},
        customizers = ExpiryEquivalenceTest.Clocked.class)
class ExpiryEquivalenceTest {
    static final Instant T0 = Instant.parse("2034-06-01T00:00:00Z");
    static final Instant EXPIRY = T0.plusSeconds(60);
    static final Instant LATER = T0.plusSeconds(7200);
    static final SettableClock CLOCK = new SettableClock(T0);
    private static final Condition NO_NOTE = Condition.of("attribute_not_exists(#n)", Map.of("#n", "note"), Map.of());
    private static final Condition HAS_NOTE = Condition.of("attribute_exists(#n)", Map.of("#n", "note"), Map.of());

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @ItemType(keyPath = "/pass-{id}")
    record Pass(String id, String note, String extra, @TimeToLive Instant expiresAt, @CreatedAt Instant createdAt) {
    }

    @ItemType(keyPath = "/lease-{id}")
    record Lease(String id, String note, @TimeToLive Instant expiresAt, @Version Long version) {
    }

    @ItemType(keyPath = "/seat-{id}")
    @UniqueKeyPath("/seatcode-{code}")
    record Seat(String id, String code, String note, @TimeToLive Instant expiresAt) {
        static Seat stale(String id) {
            return new Seat(id, "old-" + id, "stale", EXPIRY);
        }

        static Seat fresh(String id) {
            return new Seat(id, "new-" + id, "fresh", LATER);
        }
    }

    static final class Clocked implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.clock(CLOCK);
        }
    }

    /** A write on the item with the given id, through the given calls; its result, or null. */
    enum Write {
        CREATE_ONLY((c, id) -> c.put(PutItem.builder(fresh(id)).mode(PutMode.CREATE_ONLY).build())),
        REPLACE_EXISTING((c, id) -> c.put(PutItem.builder(fresh(id)).mode(PutMode.REPLACE_EXISTING).build())),
        REPLACE((c, id) -> c.put(PutItem.of(fresh(id)))),
        PUT_IF_NO_NOTE((c, id) -> c.put(PutItem.builder(fresh(id)).condition(NO_NOTE).build())),
        PUT_IF_NOTE((c, id) -> c.put(PutItem.builder(fresh(id)).condition(HAS_NOTE).build())),
        UPDATE((c, id) -> c.update(UpdateItem.of(Pass.class, path(id), change()))),
        UPDATE_IF_NOTE((c, id) -> c.update(UpdateItem.of(Pass.class, path(id), change().toBuilder()
                .condition(HAS_NOTE).build()))),
        UPSERT((c, id) -> c.update(UpdateItem.upsert(Pass.class, path(id), change()))),
        UPSERT_RETURNING_OLD((c, id) -> c.updateWithResult(UpdateItem.builder(Pass.class, path(id), change())
                .mode(UpdateItem.Mode.UPSERT).returning(UpdateItem.Returning.OLD).build()).item().map(ExpiryEquivalenceTest::anonymous)),
        DELETE_RETURNING((c, id) -> c.delete(DeleteItem.builder(Pass.class, path(id)).returnDeleted().build())),
        DELETE_IF_NO_NOTE((c, id) -> c.delete(DeleteItem.builder(Pass.class, path(id)).condition(NO_NOTE).build())),
        DELETE_IF_NOTE((c, id) -> c.delete(DeleteItem.builder(Pass.class, path(id)).condition(HAS_NOTE).build())),
        TRANSACT_CREATE_ONLY((c, id) -> c.transact(tx -> tx.put(fresh(id), PutMode.CREATE_ONLY))),
        TRANSACT_UPDATE((c, id) -> c.transact(tx -> tx.update(Pass.class, path(id), change()))),
        TRANSACT_UPSERT((c, id) -> c.transact(tx -> tx.update(UpdateItem.upsert(Pass.class, path(id), change())))),
        TRANSACT_CHECK_NOTE((c, id) -> c.transact(tx -> tx.conditionCheck(Pass.class, path(id), HAS_NOTE))),
        TRANSACT_CHECK_NO_NOTE((c, id) -> c.transact(tx -> tx.conditionCheck(Pass.class, path(id), NO_NOTE))),
        LEASE_FIRST_VERSION((c, id) -> c.put(PutItem.of(new Lease(id, "fresh", LATER, null)))),
        LEASE_NEXT_VERSION((c, id) -> c.put(PutItem.of(new Lease(id, "next", LATER, 1L)))),
        LEASE_UPDATE_EXPECTING((c, id) -> c.update(UpdateItem.of(Lease.class, KeyPath.of("lease", id),
                UpdateSpec.of(u -> u.set("note", "u").expectedVersion(1L))))),
        LEASE_DELETE_VERSIONED((c, id) -> c.delete(DeleteItem.of(new Lease(id, "stale", EXPIRY, 1L)))),
        SEAT_CREATE_ONLY((c, id) -> c.put(PutItem.builder(Seat.fresh(id)).mode(PutMode.CREATE_ONLY).build())),
        SEAT_REPLACE_EXISTING((c, id) -> c.put(PutItem.builder(Seat.fresh(id)).mode(PutMode.REPLACE_EXISTING)
                .build())),
        SEAT_REPLACE((c, id) -> c.put(PutItem.of(Seat.fresh(id)))),
        SEAT_PUT_IF_NO_NOTE((c, id) -> c.put(PutItem.builder(Seat.fresh(id)).condition(NO_NOTE).build())),
        SEAT_PUT_IF_NOTE((c, id) -> c.put(PutItem.builder(Seat.fresh(id)).condition(HAS_NOTE).build())),
        SEAT_UPDATE((c, id) -> c.update(UpdateItem.of(Seat.class, KeyPath.of("seat", id), change()))),
        SEAT_UPSERT((c, id) -> c.update(UpdateItem.upsert(Seat.class, KeyPath.of("seat", id), change()))),
        SEAT_DELETE_IF_NOTE((c, id) -> c.delete(DeleteItem.builder(Seat.class, KeyPath.of("seat", id))
                .condition(HAS_NOTE).build())),
        SEAT_DELETE((c, id) -> c.delete(DeleteItem.builder(Seat.class, KeyPath.of("seat", id)).build()));

        final BiFunction<TableCalls, String, Object> write;

        Write(BiFunction<TableCalls, String, Object> write) {
            this.write = write;
        }

        static Pass fresh(String id) {
            return new Pass(id, "fresh", null, LATER, null);
        }

        static UpdateSpec change() {
            return UpdateSpec.of(u -> u.set("note", "changed").set("expiresAt", LATER));
        }
    }

    static Stream<Arguments> writes() {
        List<Arguments> all = new ArrayList<>();
        for (Write w : Write.values()) {
            for (int offset = -1; offset <= 1; offset++) { // a second either side of the expiry, and at it
                for (TableCalls.Kind kind : TableCalls.Kind.values()) {
                    all.add(Arguments.of(w, offset, kind));
                }
            }
        }
        return all.stream();
    }

    /**
     * @param offset now minus the stale item's expiry, in seconds: at 0 or more it has expired
     */
    @ParameterizedTest(name = "{0}, now = expiry {1} s, {2}")
    @MethodSource("writes")
    void aWriteOnAnExpiredItemIsAWriteOnNoItemAndOnALiveOneOnThatItem(Write write, int offset, TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        boolean expired = offset >= 0;
        String stale = UUID.randomUUID().toString();
        String reference = UUID.randomUUID().toString();
        CLOCK.set(T0);
        table.put(new Pass(stale, "stale", "left over", EXPIRY, null));
        table.put(new Lease(stale, "stale", EXPIRY, null));
        table.put(Seat.stale(stale));
        if (!expired) {
            table.put(new Pass(reference, "stale", "left over", EXPIRY, null));
            table.put(new Lease(reference, "stale", EXPIRY, null));
            table.put(Seat.stale(reference));
        }
        CLOCK.set(EXPIRY.plusSeconds(offset));

        String onStale = outcome(() -> write.write.apply(calls, stale));
        String onReference = outcome(() -> write.write.apply(calls, reference));

        assertThat(onStale.replace(stale, "ID")).as(expired ? "as on no item" : "as on the live item")
                .isEqualTo(onReference.replace(reference, "ID"));
        assertThat(stored(stale)).isEqualTo(stored(reference));
    }

    /** The result, with the id left out, or the exception's type. */
    private static String outcome(java.util.function.Supplier<Object> write) {
        try {
            return "ok " + normalized(write.get());
        } catch (RuntimeException e) {
            return "failed " + e.getClass().getSimpleName();
        }
    }

    private static Object normalized(Object result) {
        if (result instanceof Pass p) {
            return anonymous(p);
        }
        if (result instanceof Seat seat) {
            return new Seat("ID", seat.code() == null ? null : seat.code().replace(seat.id(), "ID"), seat.note(),
                    seat.expiresAt());
        }
        if (result instanceof Lease l) {
            return new Lease("ID", l.note(), l.expiresAt(), l.version());
        }
        if (result instanceof Optional<?> o) {
            return o.map(ExpiryEquivalenceTest::normalized);
        }
        if (result instanceof List<?> l) {
            return l.stream().map(x -> x == null ? "null" : normalized(x)).toList();
        }
        return Objects.toString(result);
    }

    private static Pass anonymous(Pass p) {
        return new Pass("ID", p.note(), p.extra(), p.expiresAt(), p.createdAt());
    }

    /** What reads of the items at the write's now show, and the seat's codes lead to, with the id left out. */
    private static List<Object> stored(String id) {
        return List.of(table.get(Pass.class, path(id)).map(ExpiryEquivalenceTest::anonymous),
                table.get(Lease.class, KeyPath.of("lease", id)).map(ExpiryEquivalenceTest::normalized),
                table.get(Seat.class, KeyPath.of("seat", id)).map(ExpiryEquivalenceTest::normalized),
                table.getByAlias(Seat.class, KeyPath.of("seatcode", "old-" + id)).map(ExpiryEquivalenceTest::normalized),
                table.getByAlias(Seat.class, KeyPath.of("seatcode", "new-" + id)).map(ExpiryEquivalenceTest::normalized));
    }

    private static KeyPath path(String id) {
        return KeyPath.of("pass", id);
    }
}
