package dev.keypath.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Events;

/**
 * {@code @Nested} classes share the table of the enclosing class, unless they carry an annotation of their own.
 * The class below runs through JUnit's test kit (Surefire's summary counts nested tests badly).
 */
class NestedClassesTest {
    @Test
    void nestedClassesShareTheEnclosingTableOrGetTheirOwnWithTheirOwnAnnotation() {
        Events tests = TestKit.run(Enclosing.class).testEvents();
        tests.failed().stream().forEach(e -> e.getPayload(TestExecutionResult.class)
                .flatMap(TestExecutionResult::getThrowable)
                .ifPresent(t -> {
                    throw new AssertionError(e.getTestDescriptor().getDisplayName() + " failed", t);
                }));
        assertThat(tests.succeeded().count()).isEqualTo(3);
    }

    @TestKitFixture
    @KeyPathDynamoDb(types = Note.class)
    static class Enclosing {
        @Injected
        static KeyPathTable enclosingTable;
        @Injected
        KeyPathTable table;

        @Test
        void seesTheClassTable() {
            assertThat(table).isSameAs(enclosingTable);
        }

        @Nested
        class WithoutAnAnnotationOfItsOwn {
            @Injected
            private KeyPathTable nestedTable;

            @Test
            void sharesTheEnclosingClassTable() {
                assertThat(nestedTable).isSameAs(enclosingTable);
                assertThat(table).isSameAs(enclosingTable);
            }
        }

        @Nested
        @KeyPathDynamoDb(types = Tag.class)
        class WithAnAnnotationOfItsOwn {
            @Injected
            private KeyPathTable nestedTable;

            @Test
            void getsATableOfItsOwnAndTheEnclosingInstanceKeepsItsTable() {
                assertThat(nestedTable.tableName()).isNotEqualTo(enclosingTable.tableName())
                        .contains("-WithAnAnnotationOfItsOwn-");
                nestedTable.put(new Tag("java"));
                assertThat(table).isSameAs(enclosingTable);
            }
        }
    }
}
