package dev.keypath.spring.hidden;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** Derived count and exists queries count what the derived find returns: items an extension hides are left out. */
@SpringBootTest(classes = HiddenItemsApplication.class, properties = {
    "keypath.dynamodb.table-name=spring-hidden", "keypath.dynamodb.create-table-if-missing=true"})
class HiddenItemsCountTest {
    @Autowired
    FolderRepository folders;

    @Test
    void countAndExistsLeaveOutWhatAReadHookHides() {
        UUID owner = UUID.randomUUID();
        for (long id = 1; id <= 5; id++) {
            folders.save(new Folder(owner, id, "f" + id, id != 3));
        }
        assertThat(folders.findByOwnerId(owner)).extracting(Folder::folderId).containsExactly(3L);
        assertThat(folders.countByOwnerId(owner)).isEqualTo(1);
        assertThat(folders.existsByOwnerId(owner)).isTrue();

        UUID archivedOnly = UUID.randomUUID();
        folders.save(new Folder(archivedOnly, 1, "gone", true));
        assertThat(folders.findByOwnerId(archivedOnly)).isEmpty();
        assertThat(folders.countByOwnerId(archivedOnly)).isZero();
        assertThat(folders.existsByOwnerId(archivedOnly)).isFalse();
    }
}
