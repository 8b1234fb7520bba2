package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateItem.Returning;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.test.model.ExpectedTable.Stored;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.Order;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Updates, deletes, condition checks, subtree deletes and read-modify-write units. */
final class Writes {
    private Writes() {
    }

    /** Which version an update or delete expects. */
    enum Expected {
        /** None: no version check. */
        NONE,
        /** The live item's version (1 when there is none). */
        CURRENT,
        /** One ahead of the live item's. */
        STALE;

        Long of(Stored cur) {
            return switch (this) {
                case NONE -> null;
                case CURRENT -> cur == null || cur.version() == null ? 1L : cur.version();
                case STALE -> cur == null || cur.version() == null ? 7L : cur.version() + 1;
            };
        }
    }

    /**
     * An update of the item of {@code kind} in slot {@code slot} (of shop {@code shop} for orders), or an upsert,
     * returning {@code returning}.
     */
    record Update(Kind kind, int shop, int slot, List<Edit> edits, boolean upsert, Expected version, Cond cond,
                  Returning returning, boolean async) implements Command {
        @Override
        public boolean settled(ExpectedTable model) {
            return cond == Cond.NONE || !model.unsettled(model.path(kind, shop, slot));
        }

        @SuppressWarnings("unchecked")
        UpdateItem<Object> request(ExpectedTable model) {
            KeyPath path = model.path(kind, shop, slot);
            UpdateSpec.Builder spec = UpdateSpec.builder();
            edits.forEach(e -> e.applyTo(spec, model.now()));
            Long expected = version.of(model.live(path));
            if (expected != null) {
                spec.expectedVersion(expected);
            }
            spec.condition(cond.condition(kind));
            return (UpdateItem<Object>) (UpdateItem<?>) UpdateItem.builder(kind.type, path, spec.build()).returning(returning)
                    .mode(upsert ? UpdateItem.Mode.UPSERT : UpdateItem.Mode.UPDATE_EXISTING).build();
        }

        Expect expect(ExpectedTable model, String origin) {
            KeyPath path = model.path(kind, shop, slot);
            return model.update(kind, path, edits, upsert, version.of(model.live(path)), cond,
                    origin.equals("UPDATE") ? returning : Returning.NONE, origin);
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            UpdateItem<Object> request;
            try {
                request = request(model);
            } catch (IllegalArgumentException e) {
                return "the update could not be built: " + e.getMessage();
            }
            Outcome actual;
            if (returning == Returning.UPDATED_NEW || returning == Returning.UPDATED_OLD) {
                actual = sut.call(async, () -> sut.table().updateWithResult(request),
                        () -> sut.async().updateWithResult(request), r -> attributes(r, edits));
            } else {
                actual = sut.call(async, () -> sut.table().update(request), () -> sut.async().update(request));
            }
            return expect(model, "UPDATE").mismatch(actual);
        }

        private static Object attributes(UpdateResult<?> result, List<Edit> edits) {
            Map<String, Object> out = new TreeMap<>();
            for (Edit e : edits) {
                out.put(e.path(), Values.normalize(result.get(e.path()).orElse(null)));
            }
            return out;
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A delete of the item of {@code kind} in a slot, by key path, with a version, condition or returned item. */
    record Delete(Kind kind, int shop, int slot, Expected version, Cond cond, boolean returnDeleted, boolean async)
            implements Command {
        @Override
        public boolean settled(ExpectedTable model) {
            return cond == Cond.NONE || !model.unsettled(model.path(kind, shop, slot));
        }

        @SuppressWarnings("unchecked")
        DeleteItem<Object> request(ExpectedTable model) {
            KeyPath path = model.path(kind, shop, slot);
            DeleteItem.Builder<?> b = DeleteItem.builder(kind.type, path).condition(cond.condition(kind));
            Long expected = version.of(model.live(path));
            if (expected != null) {
                b.expectedVersion(expected);
            }
            if (returnDeleted) {
                b.returnDeleted();
            }
            return (DeleteItem<Object>) (DeleteItem<?>) b.build();
        }

        Expect expect(ExpectedTable model) {
            KeyPath path = model.path(kind, shop, slot);
            return model.delete(kind, path, version.of(model.live(path)), cond, returnDeleted);
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            DeleteItem<Object> request = request(model);
            Outcome actual = sut.call(async, () -> sut.table().delete(request), () -> sut.async().delete(request),
                    r -> returnDeleted ? r : null);
            return expect(model).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A condition check, only in a transaction. */
    record Check(Kind kind, int shop, int slot, Cond cond) implements Command {
        @Override
        public boolean settled(ExpectedTable model) {
            return !model.unsettled(model.path(kind, shop, slot));
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            throw new UnsupportedOperationException("a condition check runs in a transaction only");
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /**
     * A subtree delete of shop {@code shop}'s orders (slot -1: the whole shop's subtree; else one order's), in
     * calls of at most {@code maxItems} items each, resumed by token until complete.
     */
    record DeleteSubtree(int shop, int slot, int maxItems, boolean async) implements Command {
        @Override
        public String step(Sut sut, ExpectedTable model) {
            KeyPath prefix = slot < 0 ? KeyPath.of("shop", ExpectedTable.SHOPS.get(shop)) : model.order(shop, slot);
            long deleted = 0;
            String token = null;
            int calls = 0;
            Outcome failure = null;
            do {
                String from = token;
                Outcome o = sut.call(async, () -> sut.table().deleteSubtree(prefix, maxItems, from),
                        () -> sut.async().deleteSubtree(prefix, maxItems, from));
                if (!o.ok()) {
                    failure = o;
                    break;
                }
                SubtreeDeletion d = (SubtreeDeletion) o.value();
                deleted += d.deleted();
                token = d.complete() ? null : d.resumeToken();
                if (!d.complete() && token == null) {
                    return "an incomplete subtree deletion of " + prefix + " gave no resume token";
                }
            } while (token != null && ++calls < 100);
            int expired = model.expiredUnder(prefix);
            int live = model.removeSubtree(prefix);
            if (failure != null) {
                return "the subtree delete of " + prefix + " failed: " + Expect.describe(failure.failure());
            }
            if (deleted < live || deleted > live + expired) {
                return "the subtree delete of " + prefix + " deleted " + deleted + " items; expected " + live
                        + " live ones" + (expired > 0 ? " and up to " + expired + " expired" : "");
            }
            return null;
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /**
     * A read-modify-write unit on an order or a note: reads it in a read-checked transaction, puts it back changed
     * (one more in {@code qty}, a "!" more in the title) or a new one at its key path when it was absent, and
     * returns what it read.
     */
    record ReadModifyWrite(Kind kind, int shop, int slot, boolean async) implements Command {
        Object next(KeyPath path, Object read) {
            if (kind == Kind.ORDER) {
                Order o = (Order) read;
                if (o == null) {
                    return new Order(path.id(0).asString(), path.id(1).asLong(), "open", null, null, null, null, 1L,
                            null, null, 0, 0);
                }
                return new Order(o.shopId(), o.orderId(), o.status(), o.total(), o.ratings(), o.counts(), o.lines(),
                        o.qty() == null ? 1L : o.qty() + 1, o.origin(), o.expiresAt(), o.created(), o.updated());
            }
            Note n = (Note) read;
            if (n == null) {
                return new Note(path.id(0).asUuid(), null, "new", null, null, null, null, null, null);
            }
            return new Note(n.noteId(), n.topic(), n.title() == null ? "!" : n.title() + "!", n.body(), n.labels(),
                    n.lines(), n.origin(), n.touched(), n.version());
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            KeyPath path = model.path(kind, shop, slot);
            Outcome actual = sut.call(async,
                    () -> sut.table().readModifyWrite(tx -> {
                        Optional<?> read = tx.read(kind.type, path);
                        tx.put(next(path, read.orElse(null)));
                        return read;
                    }),
                    () -> sut.async().readModifyWrite(tx -> tx.read(kind.type, path).thenApply(read -> {
                        tx.put(next(path, read.orElse(null)));
                        return read;
                    })));
            Object read = model.liveObject(path);
            Expect put = model.put(next(path, read), dev.keypath.dynamodb.PutMode.REPLACE, Cond.NONE, "TRANSACT_PUT",
                    true);
            Expect expected = put.fails() ? put : Expect.value(Optional.ofNullable(read));
            return expected.mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }
}
