package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.UniqueKeyWriteException;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.Puts.Put;
import dev.keypath.test.model.Writes.Check;
import dev.keypath.test.model.Writes.Delete;
import dev.keypath.test.model.Writes.Update;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Batch writes and gets, transactions and transactional gets: several items in one call. */
final class Batches {
    private Batches() {
    }

    /** An item named by slot: its type, shop (orders) and slot. */
    record Target(Kind kind, int shop, int slot) {
        KeyPath path(ExpectedTable model) {
            return model.path(kind, shop, slot);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** Whether the key paths of {@code paths} (nulls: new ids) are all different. */
    private static boolean distinct(List<KeyPath> paths) {
        Set<KeyPath> seen = new HashSet<>();
        return paths.stream().allMatch(p -> p == null || seen.add(p));
    }

    /**
     * A batch write of order puts and of deletes (a delete of an account is refused; a note's is unconditional, as a
     * delete without a version is).
     */
    record BatchWrite(List<Put> puts, List<Target> deletes, boolean async) implements Command {
        @Override
        public boolean settled(ExpectedTable model) {
            List<KeyPath> paths = new ArrayList<>();
            puts.forEach(p -> paths.add(p.target(model)));
            deletes.forEach(d -> paths.add(d.path(model)));
            boolean invalid = puts.stream().anyMatch(p -> ExpectedTable.invalid(p.item(model)));
            boolean generated = puts.stream().anyMatch(p -> p.target(model) == null);
            return distinct(paths) && !(invalid && generated) && (!puts.isEmpty() || !deletes.isEmpty());
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            WriteBatch.Builder b = WriteBatch.builder();
            List<Object> items = new ArrayList<>();
            puts.forEach(p -> items.add(p.item(model)));
            items.forEach(b::put);
            List<KeyPath> deleted = deletes.stream().map(d -> d.path(model)).toList();
            for (int i = 0; i < deletes.size(); i++) {
                b.delete(deletes.get(i).kind().type, deleted.get(i));
            }
            WriteBatch batch = b.build();
            Outcome actual = sut.call(async, () -> sut.table().batchWrite(batch), () -> sut.async().batchWrite(batch));
            return expect(model, items, deleted).mismatch(actual);
        }

        /** What the batch does; {@code deleted}: the deletes' key paths, named before the puts allocate ids. */
        private Expect expect(ExpectedTable model, List<Object> items, List<KeyPath> deleted) {
            // a batch with several faults is refused for one of them, which one is not specified
            List<Class<? extends Throwable>> refused = new ArrayList<>();
            if (deletes.stream().anyMatch(d -> d.kind() == Kind.ACCOUNT)) {
                refused.add(UniqueKeyWriteException.class);
            }
            if (items.stream().anyMatch(ExpectedTable::invalid)) {
                refused.add(dev.keypath.dynamodb.ItemValidationException.class);
            }
            if (!refused.isEmpty()) {
                return new Expect(null, List.copyOf(refused), false);
            }
            List<Object> stored = new ArrayList<>();
            for (Object item : items) {
                Expect e = model.put(model.withIds(item, null), dev.keypath.dynamodb.PutMode.REPLACE, Cond.NONE,
                        "BATCH_PUT", false);
                stored.add(e.value());
            }
            deleted.forEach(model::remove);
            return Expect.value(stored);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /**
     * A transaction of puts, updates, deletes and condition checks, each on another item; with an account in it, it
     * is refused (alias items cannot be kept in a transaction). The results of puts are compared.
     */
    record TransactWrite(List<Command> actions, boolean async) implements Command {
        @Override
        public boolean settled(ExpectedTable model) {
            List<KeyPath> paths = new ArrayList<>();
            boolean account = false;
            boolean generated = false;
            boolean invalid = false;
            for (Command c : actions) {
                if (!c.settled(model)) {
                    return false;
                }
                KeyPath p = target(c, model);
                paths.add(p);
                account |= p != null && p.namespace(0).equals("account");
                generated |= p == null;
                invalid |= c instanceof Put put && ExpectedTable.invalid(put.item(model));
            }
            // a refused write may use up sequence ids, how many is not specified (as in a batch)
            return !actions.isEmpty() && distinct(paths) && !(account && generated) && !(invalid && generated);
        }

        private static KeyPath target(Command c, ExpectedTable model) {
            if (c instanceof Put p) {
                return p.target(model);
            }
            if (c instanceof Update u) {
                return model.path(u.kind(), u.shop(), u.slot());
            }
            if (c instanceof Delete d) {
                return model.path(d.kind(), d.shop(), d.slot());
            }
            Check k = (Check) c;
            return model.path(k.kind(), k.shop(), k.slot());
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            List<Object> puts = new ArrayList<>();
            java.util.function.Consumer<Transaction> body = tx -> {
                for (int i = 0; i < actions.size(); i++) {
                    Command c = actions.get(i);
                    if (c instanceof Put p) {
                        Object item = puts.get(i);
                        tx.put(PutItem.builder(item).mode(p.mode()).condition(p.cond().condition(Kind.of(item.getClass())))
                                .build());
                    } else if (c instanceof Update u) {
                        tx.update(u.request(model).toBuilder().returning(dev.keypath.dynamodb.UpdateItem.Returning.NONE)
                                .build());
                    } else if (c instanceof Delete d) {
                        DeleteItem<?> del = d.request(model);
                        tx.delete(del);
                    } else {
                        Check k = (Check) c;
                        tx.conditionCheck(k.kind().type, model.path(k.kind(), k.shop(), k.slot()),
                                k.cond().condition(k.kind()));
                    }
                }
            };
            for (Command c : actions) {
                puts.add(c instanceof Put p ? p.item(model) : null);
            }
            Outcome actual = sut.call(async, () -> sut.table().transact(body), () -> sut.async().transact(body));
            model.pinSlots(); // the updates, deletes and checks named their items before the puts' ids
            Expect expected;
            try {
                expected = expect(model, puts, actual);
            } finally {
                model.unpinSlots();
            }
            if (expected.fails() || !actual.ok()) {
                return expected.mismatch(actual);
            }
            List<?> results = (List<?>) actual.value();
            List<?> wanted = (List<?>) expected.value();
            for (int i = 0; i < actions.size(); i++) {
                if (actions.get(i) instanceof Put) {
                    Object got = i < results.size() ? results.get(i) : "nothing";
                    if (!wanted.get(i).equals(got)) {
                        return "transaction put " + i + ": expected " + wanted.get(i) + "\n     but got " + got;
                    }
                }
            }
            return null;
        }

        private Expect expect(ExpectedTable model, List<Object> items, Outcome actual) {
            if (actions.stream().anyMatch(c -> {
                KeyPath p = target(c, model);
                // an update or a check leaves the aliases alone; a put or a delete would have to move them
                return (c instanceof Put || c instanceof Delete) && p != null && p.namespace(0).equals("account");
            })) {
                return Expect.failure(UniqueKeyWriteException.class);
            }
            // an update refused as the transaction is declared: nothing is sent and no id allocated
            Set<Class<? extends Throwable>> declined = new LinkedHashSet<>();
            actions.stream().filter(c -> c instanceof Update).map(c -> (Update) c)
                    .forEach(u -> declined.addAll(ExpectedTable.refusedBeforeAnyRequest(u.kind(), u.edits())));
            if (!declined.isEmpty()) {
                return new Expect(null, List.copyOf(declined), false);
            }
            List<Object> resolved = new ArrayList<>();
            for (int i = 0; i < actions.size(); i++) {
                Object item = items.get(i);
                UUID generated = null;
                if (item instanceof Note n && n.noteId() == null && actual.ok()
                        && ((List<?>) actual.value()).get(i) instanceof Note stored) {
                    generated = stored.noteId();
                }
                resolved.add(item == null ? null : model.withIds(item, generated));
            }
            ExpectedTable.Snapshot before = model.snapshot();
            List<Object> results = new ArrayList<>();
            List<Expect> outcomes = new ArrayList<>();
            for (int i = 0; i < actions.size(); i++) {
                Command c = actions.get(i);
                Expect e;
                if (c instanceof Put p) {
                    e = model.put(resolved.get(i), p.mode(), p.cond(), "TRANSACT_PUT", true);
                } else if (c instanceof Update u) {
                    e = u.expect(model, "TRANSACT_UPDATE");
                } else if (c instanceof Delete d) {
                    e = d.expect(model);
                } else {
                    Check k = (Check) c;
                    e = model.check(k.kind(), model.path(k.kind(), k.shop(), k.slot()), k.cond());
                }
                outcomes.add(e);
                results.add(e.value());
            }
            List<Class<? extends Throwable>> refused = new ArrayList<>();
            boolean any = false;
            boolean conditions = false;
            for (Expect e : outcomes) {
                any |= e.anyFailure();
                for (Class<? extends Throwable> t : e.failures()) {
                    if (ConditionFailedException.class.isAssignableFrom(t)) {
                        conditions = true;
                    } else {
                        refused.add(t);
                    }
                }
            }
            if (!refused.isEmpty() || any || conditions) {
                model.restore(before);
            }
            if (!refused.isEmpty()) {
                return new Expect(null, List.copyOf(refused), false);
            }
            if (any) {
                return Expect.refusedByEngine();
            }
            if (conditions) {
                return Expect.failure(TransactionFailedException.class);
            }
            return Expect.value(results);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A batch get: the live items among the targets, in any order. */
    record BatchGet(List<Target> keys, boolean async) implements Command {
        @Override
        public boolean settled(ExpectedTable model) {
            return !keys.isEmpty() && distinct(keys.stream().map(k -> k.path(model)).toList());
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            List<ItemKey<?>> request = keys.stream().<ItemKey<?>>map(k -> ItemKey.of(k.kind().type, k.path(model)))
                    .toList();
            Outcome actual = sut.call(async, () -> sut.table().batchGet(request, ReadConsistency.STRONG),
                    () -> sut.async().batchGet(request, ReadConsistency.STRONG), Batches::sorted);
            List<Object> expected = new ArrayList<>();
            keys.forEach(k -> {
                Object live = model.liveObject(k.path(model));
                if (live != null) {
                    expected.add(live);
                }
            });
            return Expect.value(sorted(expected)).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A transactional get: one entry per target, null where no live item is. */
    record TransactGet(List<Target> keys, boolean async) implements Command {
        @Override
        public boolean settled(ExpectedTable model) {
            return !keys.isEmpty() && distinct(keys.stream().map(k -> k.path(model)).toList());
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            List<ItemKey<?>> request = keys.stream().<ItemKey<?>>map(k -> ItemKey.of(k.kind().type, k.path(model)))
                    .toList();
            Outcome actual = sut.call(async, () -> sut.table().transactGet(request),
                    () -> sut.async().transactGet(request),
                    snapshot -> request.stream().map(k -> snapshot.get(k).orElse(null)).toList());
            List<Object> expected = new ArrayList<>();
            keys.forEach(k -> expected.add(model.liveObject(k.path(model))));
            return Expect.value(expected).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** Items sorted by their key path, for comparisons where the order is not specified. */
    static List<Object> sorted(List<?> items) {
        List<Object> out = new ArrayList<>(items);
        out.sort(Comparator.comparing(ExpectedTable::keyPathOf));
        return out;
    }
}
