package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UniqueKeyWriteException;
import dev.keypath.dynamodb.UpdateItem.Returning;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.test.model.ModelItems.Account;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.Order;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The model: what the table should hold after each command, and what each command should give. It follows the
 * intended behaviour of the adapter: null fields are absent and an empty set is an empty list; an item whose expiry
 * is at or before the clock is absent to every read and every write (it stays stored until something replaces it);
 * every write path runs the extensions (timestamps, version, the caller's {@link ModelItems.OriginExtension}); an
 * update that touches the version, sets the creation time or removes the update time is refused before any request.
 */
final class ExpectedTable {
    static final List<String> SHOPS = List.of("s0", "s1");
    static final UUID ABSENT_NOTE = UUID.fromString("00000000-0000-7000-8000-000000000000");
    static final long UNALLOCATED = 900;

    /** Every item DynamoDB holds, expired ones included (the engine's own expiry never reaches the model clock). */
    private Map<KeyPath, Stored> items = new TreeMap<>();
    /** Expired items a delete may or may not have removed. */
    private Set<KeyPath> mayBeGone = new HashSet<>();
    /** E-mails an expired account held: their alias items may be left behind (stale). */
    private final Set<String> staleEmails = new HashSet<>();
    private final Map<String, Long> counters = new TreeMap<>();
    private final Map<String, List<Long>> orderIds = new HashMap<>();
    private final List<UUID> noteIds = new ArrayList<>();
    private long unknownNotes;
    private Map<String, List<Long>> pinnedOrders;
    private List<UUID> pinnedNotes;
    private Instant now = ModelClock.START;

    /** One stored item: its type, key path and attributes (see {@link Kind}). */
    record Stored(Kind kind, KeyPath path, Map<String, Object> doc) {
        Object object() {
            return kind.object(path, doc);
        }

        Long version() {
            return (Long) doc.get("version");
        }

        /** The {@code _ttl} the item should carry, or null. */
        Long ttl() {
            Object at = doc.get("expiresAt");
            return at == null ? null : Instant.parse((String) at).getEpochSecond();
        }
    }

    Instant now() {
        return now;
    }

    void advance(long millis) {
        now = now.plusMillis(millis);
        noteStaleAliases();
    }

    // ---- slots: commands name items by small numbers, resolved against what was created so far

    KeyPath account(int slot) {
        return KeyPath.of("account", "a" + slot);
    }

    /**
     * Resolves slots against the items created before this call until {@link #unpinSlots()}: the commands of one
     * transaction name their items before the transaction's puts allocate ids.
     */
    void pinSlots() {
        pinnedOrders = new HashMap<>();
        orderIds.forEach((shop, ids) -> pinnedOrders.put(shop, List.copyOf(ids)));
        pinnedNotes = List.copyOf(noteIds);
    }

    void unpinSlots() {
        pinnedOrders = null;
        pinnedNotes = null;
    }

    KeyPath order(int shop, int slot) {
        List<Long> ids = (pinnedOrders != null ? pinnedOrders : orderIds).getOrDefault(SHOPS.get(shop), List.of());
        long id = slot >= 3 || ids.isEmpty() ? UNALLOCATED + slot : ids.get(slot % ids.size());
        return KeyPath.of("shop", SHOPS.get(shop)).then("order", id);
    }

    KeyPath note(int slot) {
        List<UUID> ids = pinnedNotes != null ? pinnedNotes : noteIds;
        return KeyPath.of("note", slot >= 3 || ids.isEmpty() ? ABSENT_NOTE : ids.get(slot % ids.size()));
    }

    KeyPath path(Kind kind, int shop, int slot) {
        return switch (kind) {
            case ACCOUNT -> account(slot);
            case ORDER -> order(shop, slot);
            case NOTE -> note(slot);
        };
    }

    // ---- reads

    boolean expired(Stored s) {
        Long ttl = s.ttl();
        return ttl != null && ttl <= now.getEpochSecond();
    }

    /** The live item at {@code path}: stored and not expired. */
    Stored live(KeyPath path) {
        Stored s = items.get(path);
        return s == null || expired(s) ? null : s;
    }

    Object liveObject(KeyPath path) {
        Stored s = live(path);
        return s == null ? null : s.object();
    }

    /** Whether an item the intended behaviour leaves open is at {@code path}: expired, or perhaps deleted. */
    boolean unsettled(KeyPath path) {
        return items.containsKey(path) && live(path) == null || mayBeGone.contains(path);
    }

    List<Stored> liveItems() {
        return items.values().stream().filter(s -> !expired(s)).toList();
    }

    Map<KeyPath, Stored> stored() {
        return items;
    }

    boolean mayBeGone(KeyPath path) {
        return mayBeGone.contains(path);
    }

    Set<String> staleEmails() {
        return staleEmails;
    }

    Map<String, Long> counters() {
        return counters;
    }

    /** The live account holding {@code email}, if any. */
    Optional<Stored> aliasHolder(String email) {
        return liveItems().stream().filter(s -> s.kind() == Kind.ACCOUNT && email.equals(s.doc().get("email")))
                .findFirst();
    }

    // ---- ids

    /** Hands out the next sequence id of {@code shop}, as the counter does whether or not the write then succeeds. */
    long allocate(String shop) {
        long id = counters.merge(shop, 1L, Long::sum);
        orderIds.computeIfAbsent(shop, s -> new ArrayList<>()).add(id);
        return id;
    }

    void noteCreated(UUID id) {
        if (!noteIds.contains(id)) {
            noteIds.add(id);
        }
    }

    /** {@code item} with its sequence id or UUID filled in (the UUID the table generated, {@code generated}). */
    Object withIds(Object item, UUID generated) {
        if (item instanceof Order o && o.orderId() == 0) {
            long id = allocate(o.shopId());
            return new Order(o.shopId(), id, o.status(), o.total(), o.ratings(), o.counts(), o.lines(), o.qty(),
                    o.origin(), o.expiresAt(), o.created(), o.updated());
        }
        if (item instanceof Note n && n.noteId() == null) {
            // a write that failed generated no id the model can know: one that names no other item stands in
            UUID id = generated == null ? new UUID(0, ++unknownNotes) : generated;
            if (generated != null) {
                noteCreated(id);
            }
            return new Note(id, n.topic(), n.title(), n.body(), n.labels(), n.lines(), n.origin(), n.touched(),
                    n.version());
        }
        return item;
    }

    static KeyPath keyPathOf(Object item) {
        if (item instanceof Account a) {
            return KeyPath.of("account", a.accountId());
        }
        if (item instanceof Order o) {
            return KeyPath.of("shop", o.shopId()).then("order", o.orderId());
        }
        return KeyPath.of("note", ((Note) item).noteId());
    }

    static boolean invalid(Object item) {
        return item instanceof Account a && a.name() != null && a.name().length() > 8
                || item instanceof Order o && o.qty() != null && o.qty() < 0;
    }

    // ---- writes: each returns what the table should give and, when it succeeds, changes the model

    /** A put of {@code item} (its ids already filled in) of the write kind {@code origin}. */
    Expect put(Object item, PutMode mode, Cond cond, String origin, boolean checkVersion) {
        Kind kind = Kind.of(item.getClass());
        if (invalid(item)) {
            return Expect.failure(ItemValidationException.class);
        }
        KeyPath path = keyPathOf(item);
        Stored cur = live(path);
        Map<String, Object> doc = kind.document(item);
        Set<Class<? extends Throwable>> reasons = new LinkedHashSet<>();
        if (mode == PutMode.CREATE_ONLY && cur != null || mode == PutMode.REPLACE_EXISTING && cur == null) {
            reasons.add(ConditionFailedException.class);
        }
        long expected = doc.get("version") == null ? 0 : (Long) doc.get("version");
        if (kind.versioned && checkVersion && (cur == null ? expected != 0 : !Objects.equals(cur.version(), expected))) {
            reasons.add(VersionConflictException.class);
        }
        if (!cond.holds(kind, cur == null ? null : cur.doc())) {
            reasons.add(ConditionFailedException.class);
        }
        Object email = doc.get("email");
        if (email != null && aliasHolder((String) email).filter(h -> !h.path().equals(path)).isPresent()) {
            reasons.add(UniqueKeyConflictException.class);
        }
        if (!reasons.isEmpty()) {
            return failure(reasons);
        }
        if (kind.created != null && !doc.containsKey(kind.created)) {
            doc.put(kind.created, kind.stamp(kind.created, now));
        }
        doc.put(kind.updated, kind.stamp(kind.updated, now));
        if (kind.versioned) {
            doc.put("version", expected + 1);
        }
        doc.put("origin", origin);
        Stored stored = new Stored(kind, path, doc);
        store(stored);
        return Expect.value(stored.object());
    }

    /** An update; UPDATED_NEW and UPDATED_OLD give the attribute values at the edited paths. */
    /** Why an update of {@code kind} with {@code edits} is refused before any request: empty if it is not. */
    static Set<Class<? extends Throwable>> refusedBeforeAnyRequest(Kind kind, List<Edit> edits) {
        Set<Class<? extends Throwable>> refused = new LinkedHashSet<>();
        for (Edit e : edits) {
            if (kind == Kind.ACCOUNT && e.top().equals("email")) {
                refused.add(UniqueKeyWriteException.class);
            } else if (e.top().equals("version") || e.top().equals(kind.created) || e.top().equals(kind.updated)) {
                refused.add(InvalidUpdateException.class);
            }
        }
        return refused;
    }

    Expect update(Kind kind, KeyPath path, List<Edit> edits, boolean upsert, Long expectedVersion, Cond cond,
                  Returning returning, String origin) {
        Set<Class<? extends Throwable>> refused = refusedBeforeAnyRequest(kind, edits);
        if (!refused.isEmpty()) {
            return new Expect(null, List.copyOf(refused), false);
        }
        Stored cur = live(path);
        Set<Class<? extends Throwable>> reasons = new LinkedHashSet<>();
        if (!upsert && cur == null) {
            reasons.add(ConditionFailedException.class);
        }
        if (expectedVersion != null && (cur == null || !expectedVersion.equals(cur.version()))) {
            reasons.add(VersionConflictException.class);
        }
        if (!cond.holds(kind, cur == null ? null : cur.doc())) {
            reasons.add(ConditionFailedException.class);
        }
        Map<String, Object> old = cur == null ? new TreeMap<>() : cur.doc();
        Map<String, Object> next = new TreeMap<>(old);
        try {
            for (Edit e : edits) {
                e.applyTo(old, next, now, origin.equals("UPDATE"));
            }
        } catch (Edit.EngineRefusal e) {
            return Expect.refusedByEngine();
        }
        if (!reasons.isEmpty()) {
            return failure(reasons);
        }
        if (kind.versioned) {
            next.put("version", (cur == null || cur.version() == null ? 0 : cur.version()) + 1);
        }
        if (kind.created != null && !next.containsKey(kind.created)) {
            next.put(kind.created, kind.stamp(kind.created, now));
        }
        next.put(kind.updated, kind.stamp(kind.updated, now));
        next.put("origin", origin);
        Stored stored = new Stored(kind, path, next);
        store(stored);
        return Expect.value(switch (returning) {
            case NEW -> stored.object();
            case OLD -> cur == null ? null : cur.object();
            case NONE -> null;
            case UPDATED_NEW -> Values.at(next, edits);
            case UPDATED_OLD -> Values.at(old, edits);
        });
    }

    /** A delete; with {@code returnDeleted} it gives the deleted object (empty when none was live). */
    Expect delete(Kind kind, KeyPath path, Long expectedVersion, Cond cond, boolean returnDeleted) {
        if (kind == Kind.ACCOUNT && returnDeleted) {
            return Expect.failure(UniqueKeyWriteException.class);
        }
        Stored cur = live(path);
        Set<Class<? extends Throwable>> reasons = new LinkedHashSet<>();
        if (expectedVersion != null && (cur == null || !expectedVersion.equals(cur.version()))) {
            reasons.add(VersionConflictException.class);
        }
        if (!cond.holds(kind, cur == null ? null : cur.doc())) {
            reasons.add(ConditionFailedException.class);
        }
        if (!reasons.isEmpty()) {
            return failure(reasons);
        }
        remove(path);
        return Expect.value(returnDeleted ? Optional.ofNullable(cur == null ? null : cur.object()) : null);
    }

    /** A condition check of a transaction: fails as a write's condition would, writes nothing. */
    Expect check(Kind kind, KeyPath path, Cond cond) {
        Stored cur = live(path);
        return cond.holds(kind, cur == null ? null : cur.doc()) ? Expect.value(null)
                : Expect.failure(ConditionFailedException.class);
    }

    /** Removes the item at {@code path}: a live one is gone, an expired one may or may not be. */
    void remove(KeyPath path) {
        if (live(path) != null) {
            items.remove(path);
        } else if (items.containsKey(path)) {
            mayBeGone.add(path);
        }
    }

    /** Removes every item under {@code prefix}, expired ones perhaps. Returns the live ones removed. */
    int removeSubtree(KeyPath prefix) {
        int live = 0;
        for (KeyPath p : new ArrayList<>(items.keySet())) {
            if (p.startsWith(prefix)) {
                live += live(p) != null ? 1 : 0;
                remove(p);
            }
        }
        return live;
    }

    /** How many expired items are stored under {@code prefix}. */
    int expiredUnder(KeyPath prefix) {
        return (int) items.keySet().stream().filter(p -> p.startsWith(prefix) && live(p) == null).count();
    }

    private void store(Stored stored) {
        items.put(stored.path(), stored);
        mayBeGone.remove(stored.path());
        noteStaleAliases();
    }

    private void noteStaleAliases() {
        for (Stored s : items.values()) {
            if (s.kind() == Kind.ACCOUNT && expired(s) && s.doc().get("email") != null) {
                staleEmails.add((String) s.doc().get("email"));
            }
        }
    }

    private static Expect failure(Set<Class<? extends Throwable>> reasons) {
        return reasons.size() == 1 ? new Expect(null, List.copyOf(reasons), false)
                : Expect.failure(ConditionFailedException.class);
    }

    // ---- transactions: all or nothing

    /** The items and the alias memory, to put back when a transaction fails. */
    record Snapshot(Map<KeyPath, Stored> items, Set<KeyPath> mayBeGone) {
    }

    Snapshot snapshot() {
        return new Snapshot(new TreeMap<>(items), new HashSet<>(mayBeGone));
    }

    void restore(Snapshot s) {
        items = new TreeMap<>(s.items());
        mayBeGone = new HashSet<>(s.mayBeGone());
    }
}
