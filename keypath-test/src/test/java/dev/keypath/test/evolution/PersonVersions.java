package dev.keypath.test.evolution;

import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Seven versions of one item type, each a class of its own as one release of an application would declare it: a
 * field renamed (2), added with a default (3), removed (4), retyped with a converter (5), split by a function (6), and
 * the type renamed (7). Each version's class declares the history up to itself. {@link Person} is the content every
 * version holds a part of.
 */
final class PersonVersions {
    static final int NEWEST = 7;

    private PersonVersions() {
    }

    /** Everything any version stores; each version knows a part. */
    record Person(UUID id, String name, int age, String legacy, String street, String city, String nickname) {
        /** What a version-{@code v} item holds of it: fields it has not got are null. */
        Person at(int v) {
            return new Person(id, name, age, v >= 4 ? null : legacy, street, city, v >= 3 ? nickname : null);
        }

        /** What version {@code reader} reads of an item written at version {@code written}. */
        Person readAs(int written, int reader) {
            Person p = at(written);
            if (written < 3 && reader >= 3) {
                p = new Person(id, name, age, p.legacy, street, city, "none");
            }
            return p.at(reader);
        }
    }

    /** One version's class. */
    interface PersonAt {
        Person person();
    }

    /** The history of the newest version; version {@code v}'s class declares its first {@code v - 1} steps. */
    static ItemHistory historyUpTo(int version) {
        return ItemHistory.of(h -> declare(h, version));
    }

    /** Declares on {@code h} the first {@code version - 1} steps of the newest version's history; returns {@code h}. */
    static ItemHistory.Builder declare(ItemHistory.Builder h, int version) {
        if (version >= 2) {
            h.version(2, v -> v.renamed("name", "fullName"));
        }
        if (version >= 3) {
            h.version(3, v -> v.added("nickname", AttributeValue.fromS("none")));
        }
        if (version >= 4) {
            h.version(4, v -> v.removed("legacy"));
        }
        if (version >= 5) {
            h.version(5, v -> v.retyped("age", n -> AttributeValue.fromS(n.n()), s -> AttributeValue.fromN(s.s())));
        }
        if (version >= 6) {
            h.version(6, v -> v.split("address", List.of("street", "city"), PersonVersions::splitAddress,
                    PersonVersions::joinAddress));
        }
        if (version >= 7) {
            h.version(7, v -> v.typeRenamed("Person", "Member"));
        }
        return h;
    }

    static Map<String, AttributeValue> splitAddress(AttributeValue address) {
        String[] parts = address.s().split("\\|", 2);
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        out.put("street", AttributeValue.fromS(parts[0]));
        if (parts.length > 1) {
            out.put("city", AttributeValue.fromS(parts[1]));
        }
        return out;
    }

    static AttributeValue joinAddress(Map<String, AttributeValue> parts) {
        AttributeValue street = parts.get("street");
        AttributeValue city = parts.get("city");
        return AttributeValue.fromS((street == null ? "" : street.s()) + (city == null ? "" : "|" + city.s()));
    }

    static String joined(Person p) {
        return p.street() + "|" + p.city();
    }

    static String street(String address) {
        return address.split("\\|", 2)[0];
    }

    static String city(String address) {
        String[] parts = address.split("\\|", 2);
        return parts.length > 1 ? parts[1] : null;
    }

    @ItemType(keyPath = "/person-{id}", name = "Person")
    record V1(UUID id, String name, int age, String legacy, String address) implements PersonAt {
        static V1 of(Person p) {
            return new V1(p.id(), p.name(), p.age(), p.legacy(), joined(p));
        }

        @Override
        public Person person() {
            return new Person(id, name, age, legacy, street(address), city(address), null);
        }
    }

    @ItemType(keyPath = "/person-{id}", name = "Person", version = 2)
    record V2(UUID id, String fullName, int age, String legacy, String address) implements PersonAt {
        @SchemaHistory
        static ItemHistory history() {
            return historyUpTo(2);
        }

        static V2 of(Person p) {
            return new V2(p.id(), p.name(), p.age(), p.legacy(), joined(p));
        }

        @Override
        public Person person() {
            return new Person(id, fullName, age, legacy, street(address), city(address), null);
        }
    }

    @ItemType(keyPath = "/person-{id}", name = "Person", version = 3)
    record V3(UUID id, String fullName, int age, String legacy, String address, String nickname) implements PersonAt {
        @SchemaHistory
        static ItemHistory history() {
            return historyUpTo(3);
        }

        static V3 of(Person p) {
            return new V3(p.id(), p.name(), p.age(), p.legacy(), joined(p), p.nickname());
        }

        @Override
        public Person person() {
            return new Person(id, fullName, age, legacy, street(address), city(address), nickname);
        }
    }

    @ItemType(keyPath = "/person-{id}", name = "Person", version = 4)
    record V4(UUID id, String fullName, int age, String address, String nickname) implements PersonAt {
        @SchemaHistory
        static ItemHistory history() {
            return historyUpTo(4);
        }

        static V4 of(Person p) {
            return new V4(p.id(), p.name(), p.age(), joined(p), p.nickname());
        }

        @Override
        public Person person() {
            return new Person(id, fullName, age, null, street(address), city(address), nickname);
        }
    }

    @ItemType(keyPath = "/person-{id}", name = "Person", version = 5)
    record V5(UUID id, String fullName, String age, String address, String nickname) implements PersonAt {
        @SchemaHistory
        static ItemHistory history() {
            return historyUpTo(5);
        }

        static V5 of(Person p) {
            return new V5(p.id(), p.name(), Integer.toString(p.age()), joined(p), p.nickname());
        }

        @Override
        public Person person() {
            return new Person(id, fullName, Integer.parseInt(age), null, street(address), city(address), nickname);
        }
    }

    @ItemType(keyPath = "/person-{id}", name = "Person", version = 6)
    record V6(UUID id, String fullName, String age, String street, String city, String nickname) implements PersonAt {
        @SchemaHistory
        static ItemHistory history() {
            return historyUpTo(6);
        }

        static V6 of(Person p) {
            return new V6(p.id(), p.name(), Integer.toString(p.age()), p.street(), p.city(), p.nickname());
        }

        @Override
        public Person person() {
            return new Person(id, fullName, Integer.parseInt(age), null, street, city, nickname);
        }
    }

    @ItemType(keyPath = "/person-{id}", name = "Member", version = 7)
    record V7(UUID id, String fullName, String age, String street, String city, String nickname) implements PersonAt {
        @SchemaHistory
        static ItemHistory history() {
            return historyUpTo(7);
        }

        static V7 of(Person p) {
            return new V7(p.id(), p.name(), Integer.toString(p.age()), p.street(), p.city(), p.nickname());
        }

        @Override
        public Person person() {
            return new Person(id, fullName, Integer.parseInt(age), null, street, city, nickname);
        }
    }

    static final List<Class<? extends PersonAt>> CLASSES = List.of(V1.class, V2.class, V3.class, V4.class, V5.class,
            V6.class, V7.class);

    /** Version {@code v}'s object of {@code p}. */
    static PersonAt of(int v, Person p) {
        return switch (v) {
            case 1 -> V1.of(p);
            case 2 -> V2.of(p);
            case 3 -> V3.of(p);
            case 4 -> V4.of(p);
            case 5 -> V5.of(p);
            case 6 -> V6.of(p);
            case 7 -> V7.of(p);
            default -> throw new IllegalArgumentException("version " + v);
        };
    }

    /** Whether version {@code v}'s changes can all be turned back (so version {@code v - 1} can still be written). */
    static boolean reversible(int v) {
        return v >= 2 && v != 4;
    }
}
