package dev.keypath.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** A fresh table per test, deleted after it. */
@KeyPathDynamoDb(types = Note.class, tablePer = TablePer.METHOD)
class PerMethodTableTest {
    private static final List<String> TABLES = new ArrayList<>();
    @Injected
    private KeyPathTable table;

    @BeforeEach
    void beforeEach(KeyPathTable parameter) {
        assertThat(parameter).isSameAs(table);
        TABLES.add(table.tableName());
    }

    @AfterAll
    static void eachTestHadItsOwnTable_andEveryOneIsDeleted() {
        assertThat(TABLES).hasSize(2).doesNotHaveDuplicates();
        for (String name : TABLES) {
            assertThatThrownBy(() -> TestDynamoDb.get().client().describeTable(r -> r.tableName(name)))
                    .isInstanceOf(ResourceNotFoundException.class);
        }
    }

    @Test
    void startsEmptyFirst() {
        assertThat(table.tableName()).contains("-PerMethodTableTest-startsEmptyFirst-");
        assertThat(table.query(q -> q.subtree(KeyPath.of("board", "b"))).items()).isEmpty();
        table.put(new Note("b", 1, "left behind"));
    }

    @Test
    void startsEmptySecond() {
        assertThat(table.query(q -> q.subtree(KeyPath.of("board", "b"))).items()).isEmpty();
        table.put(new Note("b", 1, "left behind"));
    }
}
