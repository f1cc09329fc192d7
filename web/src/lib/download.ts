// Saving a file from the page: a Blob behind a temporary download link.

/** Where a finished file goes; the browser's is a download, tests keep the blob. */
export interface DownloadTarget {
  save(fileName: string, blob: Blob): void;
}

export const browserDownload: DownloadTarget = {
  save(fileName, blob) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
