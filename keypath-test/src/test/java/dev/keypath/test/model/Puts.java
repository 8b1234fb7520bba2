package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.test.model.Edit.Expiry;
import dev.keypath.test.model.ExpectedTable.Stored;
import dev.keypath.test.model.ModelItems.Account;
import dev.keypath.test.model.ModelItems.Line;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.Order;
import dev.keypath.test.model.ModelItems.Profile;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The put commands, one per item type, and what they share. */
final class Puts {
    private Puts() {
    }

    /** What the object to put carries from the stored item, as an application that read it would. */
    enum Carry {
        /** Nothing: no version, no creation time (a new object). */
        FRESH,
        /** The live item's version and creation time (an object read from the table). */
        CURRENT,
        /** A version one ahead of the live item's (a lost update). */
        STALE
    }

    static final List<String> EMAILS = List.of("e0@x.org", "e1@x.org", "e2@x.org");

    /** A put of one item, resolved: the object, the mode and the condition. */
    interface Put extends Command {
        /** The object to put, with its ids unset when the table generates them. */
        Object item(ExpectedTable model);

        PutMode mode();

        Cond cond();

        boolean async();

        /** The item's key path, or null when the table generates its id. */
        KeyPath target(ExpectedTable model);

        @Override
        default boolean settled(ExpectedTable model) {
            KeyPath target = target(model);
            return cond() == Cond.NONE || target == null || !model.unsettled(target);
        }

        @Override
        default String step(Sut sut, ExpectedTable model) {
            Object item = item(model);
            PutItem<Object> put = PutItem.builder(item).mode(mode()).condition(cond().condition(Kind.of(item.getClass())))
                    .build();
            Outcome actual = sut.call(async(), () -> sut.table().put(put), () -> sut.async().put(put));
            UUID generated = actual.ok() && actual.value() instanceof Note n ? n.noteId() : null;
            Expect expected = model.put(model.withIds(item, generated), mode(), cond(), "PUT", true);
            return expected.mismatch(actual);
        }
    }

    static Instant expiry(Long seconds, ExpectedTable model) {
        return seconds == null ? null : new Expiry(seconds).at(model.now());
    }

    static Long version(Carry carry, Stored cur) {
        return switch (carry) {
            case FRESH -> null;
            case CURRENT -> cur == null ? null : cur.version();
            case STALE -> cur == null || cur.version() == null ? 5L : cur.version() + 1;
        };
    }

    /** The creation time an object read from the live item carries, in the object's form. */
    static Object created(Carry carry, Stored cur, Kind kind) {
        if (carry == Carry.FRESH || cur == null) {
            return null;
        }
        return cur.doc().get(kind.created);
    }

    /**
     * A put of the account in slot {@code slot} (e-mail {@code email} of {@link #EMAILS}, -1 for none).
     */
    record PutAccount(int slot, int email, String name, Set<String> tags, Profile profile, List<String> notes,
                      Long balance, Long expiry, Carry carry, PutMode mode, Cond cond, boolean async) implements Put {
        @Override
        public Object item(ExpectedTable model) {
            KeyPath path = model.account(slot);
            Stored cur = model.live(path);
            Object created = created(carry, cur, Kind.ACCOUNT);
            return new Account(path.id(0).asString(), email < 0 ? null : EMAILS.get(email), name, tags, profile,
                    notes, balance, null, Puts.expiry(expiry, model), created == null ? null : Instant.parse((String) created),
                    null, version(carry, cur));
        }

        @Override
        public KeyPath target(ExpectedTable model) {
            return model.account(slot);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A put of the order in slot {@code slot} of shop {@code shop}, or of a new one (slot -1: a sequence id). */
    record PutOrder(int shop, int slot, String status, Long total, Set<Long> ratings, Map<String, Long> counts,
                    List<String> lines, Long qty, Long expiry, Carry carry, PutMode mode, Cond cond, boolean async)
            implements Put {
        @Override
        public Object item(ExpectedTable model) {
            String shopId = ExpectedTable.SHOPS.get(shop);
            long id = slot < 0 ? 0 : model.order(shop, slot).id(1).asLong();
            Stored cur = slot < 0 ? null : model.live(model.order(shop, slot));
            Object created = created(carry, cur, Kind.ORDER);
            return new Order(shopId, id, status, total, ratings, counts, lines, qty, null, Puts.expiry(expiry, model),
                    created == null ? 0 : (Long) created, 0);
        }

        @Override
        public KeyPath target(ExpectedTable model) {
            return slot < 0 ? null : model.order(shop, slot);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A put of the note in slot {@code slot}, or of a new one (slot -1: a UUID v7 id). */
    record PutNote(int slot, String topic, String title, String body, Set<String> labels, List<Line> lines,
                   Carry carry, PutMode mode, Cond cond, boolean async) implements Put {
        @Override
        public Object item(ExpectedTable model) {
            KeyPath path = slot < 0 ? null : model.note(slot);
            Stored cur = path == null ? null : model.live(path);
            return new Note(path == null ? null : path.id(0).asUuid(), topic, title, body, labels, lines, null, null,
                    version(carry, cur));
        }

        @Override
        public KeyPath target(ExpectedTable model) {
            return slot < 0 ? null : model.note(slot);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }
}
