/**
 * The bytes of devices' messages the broker has handed on to be stored and not yet answered,
 * kept under a limit: a message that would go over it waits, first come first served, until
 * enough others are stored. The broker reads nothing more from a device's connection while its
 * message waits, so a slow database slows the devices down instead of filling the memory.
 */
export class InflightBytes {
  private held = 0;
  private readonly waiting: { bytes: number; start: () => void }[] = [];

  /** `full` is called when a message first has to wait, and again only once the queue has emptied. */
  constructor(
    private readonly limit: number,
    private readonly full: () => void,
  ) {}

  /** Runs `work` once `bytes` fit under the limit, holding them until it is done. */
  async hold<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    if (this.waiting.length === 0 && this.fits(bytes)) this.held += bytes;
    else {
      if (this.waiting.length === 0) this.full();
      await new Promise<void>((start) => this.waiting.push({ bytes, start }));
    }
    try {
      return await work();
    } finally {
      this.held -= bytes;
      this.startWaiting();
    }
  }

  /** A message larger than the whole limit still goes, alone. */
  private fits(bytes: number) {
    return this.held === 0 || this.held + bytes <= this.limit;
  }

  private startWaiting() {
    for (let next = this.waiting[0]; next && this.fits(next.bytes); next = this.waiting[0]) {
      this.waiting.shift();
      this.held += next.bytes;
      next.start();
    }
  }
}
