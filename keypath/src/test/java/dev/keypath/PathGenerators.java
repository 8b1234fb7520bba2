package dev.keypath;

import static org.quicktheories.generators.Generate.byteArrays;
import static org.quicktheories.generators.Generate.bytes;
import static org.quicktheories.generators.Generate.characters;
import static org.quicktheories.generators.Generate.constant;
import static org.quicktheories.generators.Generate.frequency;
import static org.quicktheories.generators.Generate.longRange;
import static org.quicktheories.generators.Generate.oneOf;
import static org.quicktheories.generators.Generate.pick;
import static org.quicktheories.generators.Generate.range;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.lists;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;

/** Generators of ids and paths that stress the format: every id type, 65-bit integers, escapes, look-alikes. */
final class PathGenerators {
    private PathGenerators() {
    }

    static final BigInteger MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    static Gen<String> namespaces() {
        return oneOf(pick(List.of("a", "ab", "b", "post", "posts", "user", "_", "comment", "react", "Z9")),
                textOf(pick(List.of('a', 'b', '_', 'Z', '0', '9')), 0, 4).map(s -> "n" + s));
    }

    /** Integers over the whole range −(2⁶⁴−1) … 2⁶⁴−1, its edges, small values and longs. */
    static Gen<KeyId> integerIds() {
        Gen<BigInteger> sixtyFiveBits = longRange(Long.MIN_VALUE, Long.MAX_VALUE)
                .zip(booleans().all(), (bits, negative) -> {
                    BigInteger magnitude = new BigInteger(Long.toUnsignedString(bits));
                    return negative ? magnitude.negate() : magnitude;
                });
        Gen<BigInteger> edges = pick(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(),
                BigInteger.valueOf(255), BigInteger.valueOf(256), BigInteger.valueOf(-255), BigInteger.valueOf(-256),
                BigInteger.valueOf(-257), BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE), MAX,
                MAX.negate(), BigInteger.ONE.shiftLeft(56), BigInteger.ONE.shiftLeft(56).negate()));
        return oneOf(sixtyFiveBits, edges, longRange(-300, 300).map(BigInteger::valueOf),
                longRange(Long.MIN_VALUE, Long.MAX_VALUE).map(BigInteger::valueOf)).map(KeyId::of);
    }

    /** Strings: plain with escapes and non-ASCII, digits-only, UUID-looking, astral, and leading tilde. */
    static Gen<String> idStrings() {
        Gen<Character> chars = oneOf(
                pick(List.of('/', '%', '-', '~', '0', '1', '9', 'a', 'f', 'A', ' ', '_', '.')),
                characters('a', 'z'),
                pick(List.of('é', 'ß', '中', 'Ω', '\u0080', '\u00FF', '\u07FF', '\u0800', '\uFFFD')));
        Gen<String> plain = textOf(chars, 1, 8);
        Gen<String> digits = textOf(pick(List.of('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-')), 1, 22);
        Gen<String> uuidLike = longRange(Long.MIN_VALUE, Long.MAX_VALUE)
                .zip(longRange(Long.MIN_VALUE, Long.MAX_VALUE), range(0, 2), (hi, lo, form) -> {
                    String u = new UUID(hi, lo).toString();
                    return form == 0 ? u : form == 1 ? u.toUpperCase(Locale.ROOT) : u.substring(1);
                });
        Gen<String> astral = pick(List.of("\uD83D\uDE00", "a\uD83D\uDE00b", "\uD801\uDC37"));
        Gen<String> tilde = plain.map(s -> "~" + s);
        return frequency(Pair.of(6, plain), Pair.of(2, digits), Pair.of(1, uuidLike), Pair.of(1, astral),
                Pair.of(1, tilde));
    }

    /** Bytes heavy in the escaped values 00, 01, 02 (and 03, FF, 'a'); any length 1–20, or a UUID's 16. */
    static Gen<byte[]> idBytes() {
        Gen<Byte> b = oneOf(pick(List.of((byte) 0x00, (byte) 0x01, (byte) 0x02, (byte) 0x03, (byte) 0xFF, (byte) 0x61)),
                bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0));
        return oneOf(byteArrays(range(1, 20), b), byteArrays(constant(16), b));
    }

    static Gen<KeyId> ids() {
        return oneOf(integerIds(), idStrings().map(KeyId::of), idBytes().map(KeyId::of));
    }

    static Gen<KeyPath> paths() {
        return paths(namespaces(), ids(), 5);
    }

    static Gen<KeyPath> paths(Gen<String> namespaces, Gen<KeyId> ids, int maxElements) {
        Gen<PathElement> full = namespaces.zip(ids, PathElement::new);
        return lists().of(full).ofSizeBetween(1, maxElements).zip(namespaces, range(0, 4), (elements, lastNs, idless) -> {
            List<PathElement> list = new ArrayList<>(elements);
            if (idless == 0) {
                list.add(new PathElement(lastNs, null));
            }
            return KeyPath.of(list);
        });
    }

    /** Paths under one partition built from a tiny alphabet, so prefixes and cross-type collisions are common. */
    static Gen<KeyPath> crowdedPaths(KeyPath root) {
        Gen<String> ns = pick(List.of("a", "ab", "b"));
        Gen<KeyId> id = pick(List.of(KeyId.of("a"), KeyId.of("ab"), KeyId.of("b"), KeyId.of(new byte[] {0x61}),
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

    /** Text of {@code min} to {@code max} characters drawn from {@code chars}. */
    static Gen<String> textOf(Gen<Character> chars, int min, int max) {
        return lists().of(chars).ofSizeBetween(min, max).map(cs -> {
            StringBuilder sb = new StringBuilder(cs.size());
            cs.forEach(sb::append);
            return sb.toString();
        });
    }
}
