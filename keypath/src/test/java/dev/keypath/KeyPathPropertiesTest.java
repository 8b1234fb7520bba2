package dev.keypath;

import static dev.keypath.Properties.qt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Round trip, order and uniqueness over generated paths of every id type. */
class KeyPathPropertiesTest {


    @Test
    void decodeInvertsEncode() {
        qt().forAll(PathGenerators.paths()).checkAssert(path -> {
            byte[] key = path.encode();
            assertThat(key).hasSize(path.encodedLength());
            assertThat(KeyPath.decode(key)).isEqualTo(path);
            assertThat(KeyPath.decode(path.partitionKey(), path.sortKey())).isEqualTo(path);
            // the encoder writes short namespaces with eight-byte stores: the caller's bytes around the key must survive
            byte[] buffer = new byte[key.length + 3 + 9];
            Arrays.fill(buffer, (byte) 0x5A);
            assertThat(path.encodeTo(buffer, 3)).isEqualTo(3 + key.length);
            assertThat(Arrays.copyOfRange(buffer, 3, 3 + key.length)).isEqualTo(key);
            assertThat(Arrays.copyOfRange(buffer, 0, 3)).containsOnly((byte) 0x5A);
            assertThat(Arrays.copyOfRange(buffer, 3 + key.length, buffer.length)).containsOnly((byte) 0x5A);
            assertThat(KeyPath.decode(buffer, 3, key.length)).isEqualTo(path);
        });
    }

    @Test
    void pathsBuiltStepByStepEncodeLikeParsedOnes() {
        qt().forAll(PathGenerators.paths()).checkAssert(path -> {
            KeyPath built = KeyPath.of(path.first().namespace(), path.first().id());
            for (int i = 1; i < path.size(); i++) {
                PathElement e = path.element(i);
                built = e.hasId() ? built.then(e.namespace(), e.id()) : built.then(e.namespace());
            }
            assertThat(built.encodedLength()).isEqualTo(path.encodedLength());
            assertThat(built.encode()).isEqualTo(KeyPath.parse(path.toString()).encode());
        });
    }

    @Test
    void parseInvertsFormatAndFormatIsCanonical() {
        qt().forAll(PathGenerators.paths()).checkAssert(path -> {
            String text = path.toString();
            KeyPath parsed = KeyPath.parse(text);
            assertThat(parsed).isEqualTo(path);
            assertThat(parsed.toString()).isEqualTo(text);
        });
    }

    @Test
    void encodeTextWritesTheBytesOfTheParsedPath() {
        qt().forAll(PathGenerators.paths()).checkAssert(path -> {
            assertThat(KeyPath.encodeText(path.toString())).isEqualTo(path.encode());
            // a CharSequence that is not a String takes the general character path
            assertThat(KeyPath.encodeText(new StringBuilder(path.toString()))).isEqualTo(path.encode());
        });
    }

    @Test
    void elementAccessorsAgreeWithElements() {
        qt().forAll(PathGenerators.paths()).checkAssert(path -> {
            for (int i = 0; i < path.size(); i++) {
                PathElement e = path.element(i);
                assertThat(path.namespace(i)).isEqualTo(e.namespace());
                assertThat(path.id(i)).isEqualTo(e.id());
                assertThat(path.elements().get(i)).isEqualTo(e);
            }
            assertThat(KeyPath.of(path.elements())).isEqualTo(path).hasSameHashCodeAs(path);
        });
    }

    @Test
    void compareToIsUnsignedByteOrderAndAgreesWithSemantics() {
        qt().forAll(PathGenerators.paths(), PathGenerators.paths()).checkAssert((a, b) -> {
            int bytes = Integer.signum(Arrays.compareUnsigned(a.encode(), b.encode()));
            assertThat(Integer.signum(a.compareTo(b))).isEqualTo(bytes);
            assertThat(Integer.signum(b.compareTo(a))).isEqualTo(-bytes);
            Integer semantic = SemanticOrder.compare(a, b);
            if (semantic != null) {
                assertThat(bytes).as("%s vs %s", a, b).isEqualTo(Integer.signum(semantic));
            }
            assertThat(a.compareTo(b) == 0).isEqualTo(a.equals(b));
        });
    }

    @Test
    void neighboursOrderSemanticallyToo() {
        qt().forAll(PathGenerators.paths()).checkAssert(a -> {
            // A near neighbour shares most of the path, so the semantic comparison almost always applies.
            KeyPath child = a.last().hasId() ? a.then("a", 0) : a;
            assertThat(a.compareTo(child) <= 0).isTrue();
            if (a.size() > 1) {
                KeyPath parent = a.parent().orElseThrow();
                assertThat(parent.compareTo(a)).as("ancestor first: %s < %s", parent, a).isNegative();
            }
        });
    }

    @Test
    void sortKeyOrderEqualsWholeKeyOrderWithinAPartition() {
        qt().forAll(PathGenerators.paths(), PathGenerators.paths()).checkAssert((a, b) -> {
            KeyPath bInA = rebase(b, a.first());
            int whole = Integer.signum(a.compareTo(bInA));
            int sk = Integer.signum(Arrays.compareUnsigned(a.sortKey(), bInA.sortKey()));
            assertThat(sk).isEqualTo(whole);
        });
    }

    @Test
    void distinctPathsHaveDistinctKeys() {
        qt().forAll(lists().of(PathGenerators.crowdedPaths(KeyPath.of("r", 1))).ofSizeBetween(2, 40)).checkAssert(paths -> {
            Map<String, KeyPath> byKey = new HashMap<>();
            for (KeyPath p : paths) {
                KeyPath previous = byKey.putIfAbsent(java.util.HexFormat.of().formatHex(p.encode()), p);
                if (previous != null) {
                    assertThat(previous).isEqualTo(p);
                }
            }
        });
    }


    static KeyPath rebase(KeyPath path, PathElement first) {
        KeyPath out = KeyPath.of(first.namespace(), first.id());
        for (int i = 1; i < path.size(); i++) {
            PathElement e = path.element(i);
            out = e.hasId() ? out.then(e.namespace(), e.id()) : out.then(e.namespace());
        }
        return out;
    }
}
