package dev.keypath.test.adapter;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;

/**
 * One sharded type for each shard count from 1 to 64, all of one key path template and one shape, and the same
 * type unsharded under another namespace: a property over the shard count picks {@code BY_COUNT[n]} and compares
 * its queries with {@link Unsharded}'s. (Annotations are constants, so each count is a type of its own.)
 */
final class ShardCounts {
    /** The fields every type here has. */
    interface Item {
        String day();

        long id();

        String body();
    }

    /** The same items, unsharded. */
    @ItemType(name = "Unsharded", keyPath = "/uday-{day}/item-{id}")
    record Unsharded(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N1", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 1, by = "id")
    record N1(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N2", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 2, by = "id")
    record N2(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N3", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 3, by = "id")
    record N3(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N4", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 4, by = "id")
    record N4(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N5", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 5, by = "id")
    record N5(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N6", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 6, by = "id")
    record N6(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N7", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 7, by = "id")
    record N7(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N8", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 8, by = "id")
    record N8(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N9", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 9, by = "id")
    record N9(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N10", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 10, by = "id")
    record N10(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N11", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 11, by = "id")
    record N11(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N12", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 12, by = "id")
    record N12(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N13", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 13, by = "id")
    record N13(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N14", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 14, by = "id")
    record N14(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N15", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 15, by = "id")
    record N15(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N16", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 16, by = "id")
    record N16(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N17", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 17, by = "id")
    record N17(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N18", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 18, by = "id")
    record N18(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N19", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 19, by = "id")
    record N19(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N20", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 20, by = "id")
    record N20(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N21", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 21, by = "id")
    record N21(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N22", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 22, by = "id")
    record N22(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N23", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 23, by = "id")
    record N23(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N24", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 24, by = "id")
    record N24(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N25", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 25, by = "id")
    record N25(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N26", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 26, by = "id")
    record N26(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N27", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 27, by = "id")
    record N27(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N28", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 28, by = "id")
    record N28(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N29", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 29, by = "id")
    record N29(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N30", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 30, by = "id")
    record N30(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N31", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 31, by = "id")
    record N31(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N32", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 32, by = "id")
    record N32(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N33", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 33, by = "id")
    record N33(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N34", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 34, by = "id")
    record N34(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N35", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 35, by = "id")
    record N35(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N36", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 36, by = "id")
    record N36(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N37", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 37, by = "id")
    record N37(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N38", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 38, by = "id")
    record N38(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N39", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 39, by = "id")
    record N39(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N40", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 40, by = "id")
    record N40(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N41", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 41, by = "id")
    record N41(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N42", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 42, by = "id")
    record N42(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N43", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 43, by = "id")
    record N43(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N44", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 44, by = "id")
    record N44(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N45", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 45, by = "id")
    record N45(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N46", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 46, by = "id")
    record N46(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N47", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 47, by = "id")
    record N47(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N48", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 48, by = "id")
    record N48(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N49", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 49, by = "id")
    record N49(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N50", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 50, by = "id")
    record N50(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N51", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 51, by = "id")
    record N51(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N52", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 52, by = "id")
    record N52(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N53", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 53, by = "id")
    record N53(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N54", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 54, by = "id")
    record N54(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N55", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 55, by = "id")
    record N55(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N56", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 56, by = "id")
    record N56(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N57", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 57, by = "id")
    record N57(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N58", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 58, by = "id")
    record N58(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N59", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 59, by = "id")
    record N59(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N60", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 60, by = "id")
    record N60(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N61", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 61, by = "id")
    record N61(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N62", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 62, by = "id")
    record N62(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N63", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 63, by = "id")
    record N63(String day, long id, String body) implements Item {
    }

    @ItemType(name = "N64", keyPath = "/day-{day}/item-{id}")
    @Sharded(count = 64, by = "id")
    record N64(String day, long id, String body) implements Item {
    }

    /** {@code BY_COUNT[n]}: the type of {@code n} shards (index 0 unused). */
    static final Class<?>[] BY_COUNT = {
            null, N1.class, N2.class, N3.class, N4.class, N5.class, N6.class, N7.class, N8.class, N9.class,
            N10.class, N11.class, N12.class, N13.class, N14.class, N15.class, N16.class, N17.class, N18.class,
            N19.class, N20.class, N21.class, N22.class, N23.class, N24.class, N25.class, N26.class, N27.class,
            N28.class, N29.class, N30.class, N31.class, N32.class, N33.class, N34.class, N35.class, N36.class,
            N37.class, N38.class, N39.class, N40.class, N41.class, N42.class, N43.class, N44.class, N45.class,
            N46.class, N47.class, N48.class, N49.class, N50.class, N51.class, N52.class, N53.class, N54.class,
            N55.class, N56.class, N57.class, N58.class, N59.class, N60.class, N61.class, N62.class, N63.class,
            N64.class};

    private ShardCounts() {
    }
}
