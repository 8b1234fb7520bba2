package dev.keypath.export;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stored items made from a seed: distinct key paths with ids of every type the core has (integers, big integers,
 * strings, bytes, UUIDs, and a last element without an id) and attributes of every DynamoDB type (strings with
 * control characters and characters outside the BMP, numbers up to 38 digits with large and small exponents,
 * binary, booleans, null, string/number/binary sets, lists and maps nested three deep, empty strings and binary).
 */
final class GeneratedItems {
    private static final String[] NAMESPACES = {"user", "post", "comment", "tag", "org", "x_1"};
    private static final String[] TYPES = {"Gen", "Other", null};
    private final Random random;

    GeneratedItems(long seed) {
        this.random = new Random(seed);
    }

    /** {@code n} items with distinct keys. */
    List<Map<String, AttributeValue>> items(int n) {
        Set<KeyPath> seen = new HashSet<>();
        List<Map<String, AttributeValue>> items = new ArrayList<>(n);
        while (items.size() < n) {
            KeyPath path = keyPath();
            if (seen.add(path)) {
                items.add(item(path));
            }
        }
        return items;
    }

    KeyPath keyPath() {
        int depth = 1 + random.nextInt(4);
        KeyPath path = KeyPath.of(namespace(), id());
        for (int i = 1; i < depth; i++) {
            if (i == depth - 1 && random.nextInt(8) == 0) {
                return path.then(namespace());
            }
            path = path.then(namespace(), id());
        }
        return path;
    }

    private String namespace() {
        return NAMESPACES[random.nextInt(NAMESPACES.length)];
    }

    private KeyId id() {
        return switch (random.nextInt(6)) {
            case 0 -> KeyId.of(random.nextLong());
            case 1 -> KeyId.of(random.nextInt(1000));
            case 2 -> {
                BigInteger beyondLong = new BigInteger(63, random).add(BigInteger.valueOf(Long.MAX_VALUE));
                yield KeyId.of(random.nextBoolean() ? beyondLong : beyondLong.negate());
            }
            case 3 -> KeyId.of(string(1 + random.nextInt(12), false));
            case 4 -> KeyId.of(bytes(1 + random.nextInt(10)));
            default -> KeyId.of(new UUID(random.nextLong(), random.nextLong()));
        };
    }

    Map<String, AttributeValue> item(KeyPath path) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        String type = TYPES[random.nextInt(TYPES.length)];
        if (type != null) {
            item.put("_type", AttributeValue.fromS(type));
        }
        int attributes = random.nextInt(7);
        for (int i = 0; i < attributes; i++) {
            item.put(attributeName(), value(3));
        }
        return item;
    }

    private String attributeName() {
        return switch (random.nextInt(4)) {
            case 0 -> "a" + random.nextInt(10);
            case 1 -> "name with space " + random.nextInt(3);
            case 2 -> "ünï-" + random.nextInt(3) + "\uD83D\uDE00";
            default -> "field" + random.nextInt(20);
        };
    }

    AttributeValue value(int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 8);
        return switch (kind) {
            case 0 -> AttributeValue.fromS(string(random.nextInt(16)));
            case 1 -> AttributeValue.fromN(number());
            case 2 -> AttributeValue.fromB(SdkBytes.fromByteArray(bytes(random.nextInt(20))));
            case 3 -> AttributeValue.fromBool(random.nextBoolean());
            case 4 -> AttributeValue.fromNul(true);
            case 5 -> {
                Set<String> ss = new HashSet<>();
                int n = 1 + random.nextInt(4);
                while (ss.size() < n) {
                    ss.add(string(1 + random.nextInt(8)));
                }
                yield AttributeValue.fromSs(new ArrayList<>(ss));
            }
            case 6 -> {
                Map<BigDecimal, String> ns = new TreeMap<>();
                int n = 1 + random.nextInt(4);
                while (ns.size() < n) {
                    String text = number();
                    ns.putIfAbsent(new BigDecimal(text), text);
                }
                yield AttributeValue.fromNs(new ArrayList<>(ns.values()));
            }
            case 7 -> {
                Map<String, SdkBytes> bs = new TreeMap<>();
                int n = 1 + random.nextInt(4);
                while (bs.size() < n) {
                    byte[] b = bytes(1 + random.nextInt(8));
                    bs.putIfAbsent(java.util.HexFormat.of().formatHex(b), SdkBytes.fromByteArray(b));
                }
                yield AttributeValue.fromBs(new ArrayList<>(bs.values()));
            }
            case 8 -> {
                List<AttributeValue> l = new ArrayList<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    l.add(value(depth - 1));
                }
                yield AttributeValue.fromL(l);
            }
            default -> {
                Map<String, AttributeValue> m = new LinkedHashMap<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    m.put(string(1 + random.nextInt(6)), value(depth - 1));
                }
                yield AttributeValue.fromM(m);
            }
        };
    }

    /** A number DynamoDB stores: up to 38 significant digits, magnitude between 1e-120 and 1e120, or zero. */
    String number() {
        switch (random.nextInt(5)) {
            case 0:
                return Integer.toString(random.nextInt(2001) - 1000);
            case 1:
                return Long.toString(random.nextLong());
            case 2:
                return "0";
            default:
                int digits = 1 + random.nextInt(38);
                StringBuilder unscaled = new StringBuilder();
                unscaled.append(1 + random.nextInt(9));
                for (int i = 1; i < digits; i++) {
                    unscaled.append(random.nextInt(10));
                }
                int exponent = random.nextInt(241) - 120;
                BigDecimal value = new BigDecimal(new BigInteger(unscaled.toString()), digits - 1 - exponent);
                if (random.nextBoolean()) {
                    value = value.negate();
                }
                return random.nextBoolean() ? value.toString() : value.toPlainString();
        }
    }

    String string(int length) {
        return string(length, true);
    }

    /** Text of {@code length} code points; with {@code controls}, control characters among them. */
    String string(int length, boolean controls) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int cp = switch (controls ? random.nextInt(6) : 1 + random.nextInt(5)) {
                case 0 -> random.nextInt(0x20);
                case 1 -> "\"\\/'{}[]:,".charAt(random.nextInt(10));
                case 2 -> 0xA0 + random.nextInt(0x2000);
                case 3 -> 0x1F300 + random.nextInt(0x300);
                case 4 -> 0x4E00 + random.nextInt(0x5000);
                default -> 0x20 + random.nextInt(0x5F);
            };
            s.appendCodePoint(cp);
        }
        return s.toString();
    }

    byte[] bytes(int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
