package dev.keypath;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generators of ids and paths that stress the format: every id type, edge integers, escapes. */
final class PathArbitraries {
    private PathArbitraries() {}

    static final BigInteger MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    static Arbitrary<String> namespaces() {
        return Arbitraries.oneOf(
                Arbitraries.of("a", "ab", "b", "post", "posts", "user", "_", "comment", "react", "Z9"),
                Arbitraries.strings().withChars('a', 'b', '_', 'Z', '0', '9').ofMinLength(0).ofMaxLength(4)
                        .map(s -> "n" + s));
    }

    static Arbitrary<KeyId> integerIds() {
        return Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(MAX.negate(), MAX),
                Arbitraries.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), BigInteger.valueOf(255),
                        BigInteger.valueOf(256), BigInteger.valueOf(-255), BigInteger.valueOf(-256), BigInteger.valueOf(-257),
                        BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE), MAX, MAX.negate(),
                        BigInteger.ONE.shiftLeft(56), BigInteger.ONE.shiftLeft(56).negate()),
                Arbitraries.longs().between(-300, 300).map(BigInteger::valueOf),
                Arbitraries.longs().map(BigInteger::valueOf)).map(KeyId::of);
    }

    static Arbitrary<String> idStrings() {
        Arbitrary<Character> chars = Arbitraries.oneOf(
                Arbitraries.chars().with('/', '%', '-', '~', '0', '1', '9', 'a', 'f', 'A', ' ', '_', '.'),
                Arbitraries.chars().range('a', 'z'),
                Arbitraries.chars().with('é', 'ß', '中', 'Ω', '\u0080', '\u00FF', '\u07FF', '\u0800', '\uFFFD'));
        Arbitrary<String> plain = chars.list().ofMinSize(1).ofMaxSize(8)
                .map(cs -> {
                    StringBuilder sb = new StringBuilder();
                    cs.forEach(sb::append);
                    return sb.toString();
                });
        Arbitrary<String> digits = Arbitraries.strings().withChars("0123456789-").ofMinLength(1).ofMaxLength(22);
        Arbitrary<String> uuidLike = Arbitraries.randomValue(r -> new UUID(r.nextLong(), r.nextLong()).toString())
                .flatMap(u -> Arbitraries.of(u, u.toUpperCase(), u.substring(1)));
        Arbitrary<String> emoji = Arbitraries.of("\uD83D\uDE00", "a\uD83D\uDE00b", "\uD801\uDC37");
        Arbitrary<String> tilde = plain.map(s -> "~" + s);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, plain), net.jqwik.api.Tuple.of(2, digits), net.jqwik.api.Tuple.of(1, uuidLike),
                net.jqwik.api.Tuple.of(1, emoji), net.jqwik.api.Tuple.of(1, tilde));
    }

    static Arbitrary<byte[]> idBytes() {
        Arbitrary<Byte> b = Arbitraries.oneOf(
                Arbitraries.of((byte) 0x00, (byte) 0x01, (byte) 0x02, (byte) 0x03, (byte) 0xFF, (byte) 0x61),
                Arbitraries.bytes());
        return Arbitraries.oneOf(
                b.array(byte[].class).ofMinSize(1).ofMaxSize(20),
                b.array(byte[].class).ofSize(16));
    }

    static Arbitrary<KeyId> ids() {
        return Arbitraries.oneOf(integerIds(), idStrings().map(KeyId::of), idBytes().map(KeyId::of));
    }

    static Arbitrary<KeyPath> paths() {
        return paths(namespaces(), ids(), 5);
    }

    static Arbitrary<KeyPath> paths(Arbitrary<String> namespaces, Arbitrary<KeyId> ids, int maxElements) {
        Arbitrary<PathElement> full = Combinators.combine(namespaces, ids).as(PathElement::new);
        return Combinators.combine(full.list().ofMinSize(1).ofMaxSize(maxElements), namespaces, Arbitraries.integers().between(0, 4))
                .as((elements, lastNs, idless) -> {
                    List<PathElement> list = new ArrayList<>(elements);
                    if (idless == 0) {
                        list.add(new PathElement(lastNs, null));
                    }
                    return KeyPath.of(list);
                });
    }

    /** Paths under one partition built from a tiny alphabet, so prefixes and cross-type collisions are common. */
    static Arbitrary<KeyPath> crowdedPaths(KeyPath root) {
        Arbitrary<String> ns = Arbitraries.of("a", "ab", "b");
        Arbitrary<KeyId> id = Arbitraries.oneOf(
                Arbitraries.of(KeyId.of("a"), KeyId.of("ab"), KeyId.of("b"), KeyId.of(new byte[] {0x61}),
                        KeyId.of(new byte[] {0x61, 0x62}), KeyId.of(new byte[] {0x09, 0x01}), KeyId.of(new byte[] {0x00}),
                        KeyId.of(1), KeyId.of(256), KeyId.of(0), KeyId.of(-1), KeyId.of(new byte[] {(byte) 0xFF})));
        return paths(ns, id, 3).map(tail -> {
            KeyPath p = root;
            for (PathElement e : tail.elements()) {
                p = e.hasId() ? p.then(e.namespace(), e.id()) : p.then(e.namespace());
            }
            return p;
        });
    }
}
