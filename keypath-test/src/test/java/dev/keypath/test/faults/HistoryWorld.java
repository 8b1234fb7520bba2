package dev.keypath.test.faults;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.faults.HistoryModel.Counter;
import dev.keypath.test.faults.HistoryModel.Member;
import dev.keypath.test.faults.HistoryModel.Register;
import dev.keypath.test.faults.HistoryModel.Tally;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The items a history run writes, sized to its length so that they are contended but stay small: registers,
 * members and their pool of e-mail addresses, books of slips, counters and tallies. Immutable.
 */
final class HistoryWorld {
    private final List<String> registers = new ArrayList<>();
    private final List<String> members = new ArrayList<>();
    private final List<String> emails = new ArrayList<>();
    private final List<String> books = new ArrayList<>();
    private final List<String> counters = new ArrayList<>();
    private final List<String> tallies = new ArrayList<>();

    /** Names for a run of {@code operations}: a register per ~2,000 operations, a member per ~4,000, at least 6. */
    HistoryWorld(int operations) {
        for (int i = 0; i < Math.max(6, operations / 2_000); i++) {
            registers.add("r" + i);
        }
        for (int i = 0; i < Math.max(6, operations / 4_000); i++) {
            members.add(new UUID(0, i + 1).toString());
        }
        for (int i = 0; i < members.size() * 3 / 2; i++) {
            emails.add("e" + i + "@example.com");
        }
        for (int i = 0; i < 4; i++) {
            books.add("b" + i);
            counters.add("k" + i);
            tallies.add("t" + i);
        }
    }

    /** Writes every item in its first state, without faults: version 1, nothing counted yet. */
    void create(KeyPathTable table) {
        registers.forEach(r -> table.put(new Register(r, 0, List.of(), null, null)));
        for (int i = 0; i < members.size(); i++) {
            table.put(new Member(UUID.fromString(members.get(i)), emails.get(i), List.of(), null));
        }
        counters.forEach(c -> table.put(new Counter(c, 0)));
        tallies.forEach(t -> table.put(new Tally(t, 0)));
    }

    String register(SplittableRandom random) {
        return registers.get(random.nextInt(registers.size()));
    }

    String member(SplittableRandom random) {
        return members.get(random.nextInt(members.size()));
    }

    /** An address of the pool other than {@code current}. */
    String email(SplittableRandom random, String current) {
        String e;
        do {
            e = emails.get(random.nextInt(emails.size()));
        } while (e.equals(current));
        return e;
    }

    String book(SplittableRandom random) {
        return books.get(random.nextInt(books.size()));
    }

    String counter(SplittableRandom random) {
        return counters.get(random.nextInt(counters.size()));
    }

    String tally(SplittableRandom random) {
        return tallies.get(random.nextInt(tallies.size()));
    }

    List<String> registers() {
        return registers;
    }

    List<String> members() {
        return members;
    }

    /** The address member {@code index} starts with. */
    String firstEmail(String member) {
        return emails.get(members.indexOf(member));
    }

    List<String> books() {
        return books;
    }

    List<String> counters() {
        return counters;
    }

    List<String> tallies() {
        return tallies;
    }
}
